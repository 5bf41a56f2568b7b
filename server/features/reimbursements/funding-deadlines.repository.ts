import type { Db } from '../../db/database.ts';

/** Every child with at least one funding source: the daily deadline sync visits each. */
export async function childrenWithFundingSources(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('fundingSources').select('childId').distinct().orderBy('childId').execute();
  return rows.map((row) => row.childId);
}
