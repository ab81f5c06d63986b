-- A member's monthly word budget and the words charged to them in a period (usage_charges, as
-- reserve_words counts them), or null when they have no budget. A function so that the check after
-- every charge (the budget notices) is one call, which PGlite's thread runs with the calls beside it
-- (ADR 0025), rather than a statement of its own.
CREATE FUNCTION member_budget_use(p_workspace_id uuid, p_user_id uuid, p_period text) RETURNS json
LANGUAGE sql
STABLE
AS $$
  SELECT json_build_object(
    'monthlyWords', m.monthly_word_budget,
    'used', (
      SELECT coalesce(sum(u.words), 0) FROM usage_charges u
      WHERE u.workspace_id = p_workspace_id AND u.period = p_period AND u.user_id = p_user_id
    )
  )
  FROM memberships m
  WHERE m.workspace_id = p_workspace_id AND m.user_id = p_user_id AND m.monthly_word_budget IS NOT NULL
$$;
