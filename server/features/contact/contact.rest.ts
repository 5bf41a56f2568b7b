import { contactMessageSchema, contactReceiptSchema } from '#shared/schemas/contact.ts';
import type { Services } from '../../services.ts';
import { named, operation, type RestOperation } from '../../rest/operation.ts';
import type { RateLimiters } from '../../rest/rate-limits.ts';

const bodies = named({
  ContactMessage: contactMessageSchema,
  ContactReceipt: contactReceiptSchema,
});
const tag = { name: 'Contact', description: 'Messages to the Trelli team' };

export function contactOperations(services: Services, limits: RateLimiters): RestOperation[] {
  return [
    operation({
      operationId: 'sendContactMessage',
      method: 'post',
      path: '/api/contact',
      tag,
      summary: 'Send a message to the Trelli team',
      security: 'public',
      child: false,
      body: bodies.ContactMessage,
      rateLimits: [limits.contactPerIp],
      success: [{ status: 201, description: 'Received', body: bodies.ContactReceipt }],
      handle: ({ body }) => services.contact.receive(body),
    }),
  ];
}
