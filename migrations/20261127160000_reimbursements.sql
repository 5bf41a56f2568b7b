-- Reimbursements (issue 26, decision 0103): the child's funding sources, the expenses the family
-- paid, the claims each funder is asked, every status move and every payment. Money is bigint minor
-- units in the row's currency. Each row names its child and goes when the child goes; a vault
-- document linked to an expense stays a document: unlinking or deleting the expense never deletes it.

CREATE TABLE funding_sources (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('esa', 'hsa', 'fsa', 'insurance', 'school-district', 'grant', 'other')),
  name text NOT NULL,
  currency text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
  award_cents bigint CHECK (award_cents > 0),
  period_start date,
  period_end date,
  deadlines date[] NOT NULL DEFAULT '{}',
  deadline_rule text CHECK (deadline_rule IN ('monthly', 'quarterly', 'days-after-service')),
  deadline_days integer CHECK (deadline_days > 0),
  notes text,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT funding_sources_period_order CHECK (period_start IS NULL OR period_end IS NULL OR period_start <= period_end),
  CONSTRAINT funding_sources_days_with_rule CHECK ((deadline_days IS NOT NULL) = (deadline_rule = 'days-after-service'))
);

CREATE INDEX funding_sources_child_idx ON funding_sources (child_id, id);

CREATE TABLE expenses (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  provider text NOT NULL,
  category text NOT NULL CHECK (category IN ('evaluation', 'tutoring', 'therapy', 'assistive-technology', 'curriculum', 'equipment', 'transport', 'other')),
  service_date date NOT NULL,
  service_end_date date,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
  paid_on date,
  paid_by text,
  -- A funder that paid the provider itself: it counts against that award at once, never out of pocket.
  -- A funding source that paid an expense cannot be deleted while the expense says so.
  paid_directly_by integer REFERENCES funding_sources (id) ON DELETE RESTRICT,
  notes text,
  checklist text[] NOT NULL DEFAULT '{}',
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT expenses_service_order CHECK (service_end_date IS NULL OR service_date <= service_end_date)
);

CREATE INDEX expenses_child_service_idx ON expenses (child_id, service_date DESC, id DESC);
CREATE INDEX expenses_paid_directly_idx ON expenses (paid_directly_by) WHERE paid_directly_by IS NOT NULL;
CREATE INDEX expenses_child_provider_idx ON expenses (child_id, lower(provider), id DESC);

CREATE TABLE expense_documents (
  expense_id integer NOT NULL REFERENCES expenses (id) ON DELETE CASCADE,
  document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  PRIMARY KEY (expense_id, document_id)
);

CREATE INDEX expense_documents_document_idx ON expense_documents (document_id);

CREATE TABLE claims (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  expense_id integer NOT NULL REFERENCES expenses (id) ON DELETE CASCADE,
  -- A funding source with claims cannot be deleted: the service says which to remove first.
  funding_source_id integer NOT NULL REFERENCES funding_sources (id) ON DELETE RESTRICT,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'submitted', 'approved', 'denied', 'appealed', 'partially-paid', 'paid', 'withdrawn')),
  approved_cents bigint CHECK (approved_cents >= 0 AND approved_cents <= amount_cents),
  -- The payments' total, kept by the service in the payment's transaction (the claim row is locked).
  paid_cents bigint NOT NULL DEFAULT 0 CHECK (paid_cents >= 0 AND paid_cents <= coalesce(approved_cents, 0)),
  reference text,
  -- The day of the latest move to submitted or appealed: the 45-day flag counts from it.
  submitted_on date,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX claims_expense_idx ON claims (expense_id, id);
CREATE INDEX claims_child_source_idx ON claims (child_id, funding_source_id);

CREATE TABLE claim_status_changes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  claim_id integer NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  approved_cents bigint,
  note text,
  reference text,
  happened_on date NOT NULL,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX claim_status_changes_claim_idx ON claim_status_changes (claim_id, id);

CREATE TABLE claim_payments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  claim_id integer NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  paid_on date NOT NULL,
  reference text,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX claim_payments_claim_idx ON claim_payments (claim_id, id);
