import { describe, expect, it } from 'vitest';
import { FORM_ERROR, submitFailureErrors } from '../../../client/lib/field-errors.ts';
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

  it('says the fallback about the whole form when no field is named', () => {
    expect(submitFailureErrors(serverError(503, 'SERVICE_UNAVAILABLE', 'Try again soon'), FALLBACK)).toEqual({ [FORM_ERROR]: FALLBACK });
    expect(submitFailureErrors(new Error('network'), FALLBACK)).toEqual({ [FORM_ERROR]: FALLBACK });
  });
});
