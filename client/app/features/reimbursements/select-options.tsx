import type { FundingSource } from '#shared/schemas/reimbursement.ts';

/** A select's options: each value, with what its label says. */
export function Options<T extends string>({ values, labels }: { values: readonly T[]; labels: Readonly<Record<T, string>> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}

/** The funding sources as a select's options, by id. */
export function SourceOptions({ sources }: { sources: readonly Pick<FundingSource, 'id' | 'name'>[] }) {
  return sources.map((source) => (
    <option key={source.id} value={source.id}>
      {source.name}
    </option>
  ));
}
