-- qc-complaint.review (reviewing complaints) was split from qc-complaint.edit (filing them). Roles stored before the
-- split held qc-complaint.edit for reviewing; those of reviewers (inspectors and supervisors, who also hold
-- qc-manual-result.status, which agents never do) get qc-complaint.review. Agents' roles (filing only) stay as they are.
UPDATE "roles"
SET "permissions" = "permissions" || '["qc-complaint.review"]'::jsonb
WHERE "permissions" @> '["qc-complaint.edit"]'::jsonb
  AND "permissions" @> '["qc-manual-result.status"]'::jsonb
  AND NOT ("permissions" @> '["qc-complaint.review"]'::jsonb);
