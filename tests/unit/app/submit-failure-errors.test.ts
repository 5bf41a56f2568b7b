import { describe, expect, it } from 'vitest';
import { FORM_ERROR, submitFailureErrors } from '../../../client/lib/field-errors.ts';
import { withStatusMessage } from '../../../client/app/trpc/http-status-link.ts';
import { serverError } from '../../helpers/fake-trpc.tsx';

const FALLBACK = 'We could not save this goal. Please try again.';

describe('submitFailureErrors', () => {
  it("places the server's field issues on the form's fields, the sent `data.` taken off", () => {
    const error = serverError(400, 'BAD_REQUEST', 'Some fields need attention', [
      { path: 'data.title', message: 'Give the goal a title' },
      { path: 'data.title', message: 'A second word on the title' },
      { path: 'goalIds.0', message: 'This goal is not one of this child’s goals' },
    ]);
    expect(submitFailureErrors(error, FALLBACK)).toEqual({
      title: 'Give the goal a title',
      goalIds: 'This goal is not one of this child’s goals',
    });
  });

  it("says the server's words about the whole form when it refused the call for the person's role", () => {
    const refused = 'You can view this child’s record but not change it. An owner can give you more access.';
    // As the app's httpStatusLink hands it over: the message starts with the status.
    expect(submitFailureErrors(withStatusMessage(serverError(403, 'FORBIDDEN', refused)), FALLBACK)).toEqual({ [FORM_ERROR]: refused });
  });

  it('says the fallback about the whole form when no field is named', () => {
    expect(submitFailureErrors(serverError(503, 'SERVICE_UNAVAILABLE', 'Try again soon'), FALLBACK)).toEqual({ [FORM_ERROR]: FALLBACK });
    expect(submitFailureErrors(new Error('network'), FALLBACK)).toEqual({ [FORM_ERROR]: FALLBACK });
  });
});
