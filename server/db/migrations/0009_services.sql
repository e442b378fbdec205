-- Placeholder: replaced by the domain's hand-written migration.
SELECT 1;
