import { activityTitle, defineFeature } from '../../core/feature.ts';
import { createPeopleService, type PeopleService } from './people.service.ts';
import { peopleRouter } from './people.router.ts';
import { peopleOperations } from './people.rest.ts';
import { peopleAccountData } from './people.account-data.ts';

declare module '../../services.ts' {
  interface Services {
    people: PeopleService;
  }
}

export const peopleFeature = defineFeature({
  name: 'people',
  service: createPeopleService,
  router: peopleRouter,
  rest: peopleOperations,
  accountData: peopleAccountData,
  activityTitles: [activityTitle({ subject: 'person', table: 'childPeople', title: 'name' })],
});
