import type { Services } from '../../services.ts';
import { operation, type RestOperation } from '../../rest/operation.ts';
import type { RateLimiters } from '../../rest/rate-limits.ts';

export function contactOperations(services: Services, limits: RateLimiters): RestOperation[] {
  return [
    operation({
      operationId: 'sendContactMessage',
      method: 'post',
      path: '/api/contact',
      tag: 'Contact',
      summary: 'Send a message to the Trelli team',
      security: 'public',
      child: false,
      body: 'ContactMessage',
      rateLimits: [limits.contactPerIp],
      success: [{ status: 201, description: 'Received', body: 'ContactReceipt' }],
      handle: ({ body }) => services.contact.receive(body),
    }),
  ];
}
