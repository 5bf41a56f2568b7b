import { PATHS } from '../../../lib/paths.ts';
import { LMN_TEMPLATE_ID } from './reimbursement-labels.ts';

/** The guide's letter of medical necessity; `?expenseId=` fills in the expense's service. */
export const LMN_PATH = `${PATHS.guide}/templates/${LMN_TEMPLATE_ID}`;
