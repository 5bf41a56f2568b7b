import { defineFeature } from '../../core/feature.ts';
import { contactJobs } from './contact.jobs.ts';
import { createContactService, type ContactService } from './contact.service.ts';
import { contactOperations } from './contact.rest.ts';
import { contactAccountData } from './contact.account-data.ts';

declare module '../../services.ts' {
  interface Services {
    contact: ContactService;
  }
}

export const contactFeature = defineFeature({
  name: 'contact',
  service: createContactService,
  rest: contactOperations,
  accountData: contactAccountData,
  jobs: (services, deps) => contactJobs({ contact: services.contact, log: deps.log }),
});
