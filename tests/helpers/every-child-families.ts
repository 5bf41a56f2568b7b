/**
 * The families the every-child tests start from (decision 0098): a server, four signed-up parents,
 * the first one's two children (Maya and Sam) and the second one's child (Lee). The third and fourth
 * parents have no children of their own; each test shares with them what it needs.
 */
import { callerFor } from './integration-kit.ts';
import type { EngineKind } from './test-database.ts';
import { signUpParent, startTestServer, type TestServer } from './test-server.ts';

export type Person = Awaited<ReturnType<typeof signUpParent>>;

export interface EveryChildFamilies {
  server: TestServer;
  people: [Person, Person, Person, Person];
  maya: number;
  sam: number;
  lee: number;
}

export async function startEveryChildFamilies(engine: EngineKind): Promise<EveryChildFamilies> {
  const server = await startTestServer({ engine });
  const people: EveryChildFamilies['people'] = [
    await signUpParent(server),
    await signUpParent(server),
    await signUpParent(server),
    await signUpParent(server),
  ];
  const [parent, otherParent] = people;
  const child = async (owner: Person, firstName: string, dateOfBirth: string) =>
    (await callerFor(server.services, owner.userId).children.create({ firstName, dateOfBirth })).id;
  const maya = await child(parent, 'Maya', '2016-05-02');
  const sam = await child(parent, 'Sam', '2018-03-09');
  const lee = await child(otherParent, 'Lee', '2017-01-20');
  return { server, people, maya, sam, lee };
}
