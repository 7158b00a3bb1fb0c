import {
  OperationNodeTransformer,
  ValueNode,
  type KyselyPlugin,
  type LimitNode,
  type QueryId,
} from 'kysely';

/**
 * Writes a LIMIT that is a whole number into the statement's text instead of binding it.
 *
 * SQLite's planner may use a bound LIMIT's value, so a statement whose LIMIT is a parameter is
 * prepared again every time it runs: 4 to 25 µs a run here (more the more columns it reads),
 * more than most of the app's small statements cost themselves. Written in, each limit makes a
 * statement of its own, prepared once and kept like any other; limits are page sizes, few.
 */
export const literalLimits: KyselyPlugin = {
  transformQuery: ({ node }) => transformer.transformNode(node),
  transformResult: async ({ result }) => result,
};

class LiteralLimits extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode, queryId?: QueryId): LimitNode {
    const { limit } = node;
    if (ValueNode.is(limit) && !limit.immediate && Number.isSafeInteger(limit.value))
      return { ...node, limit: ValueNode.createImmediate(limit.value) };
    return super.transformLimit(node, queryId);
  }
}

const transformer = new LiteralLimits();
