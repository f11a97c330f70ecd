import { validationErrorMap } from '@opora/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Validates params, query, headers and body with their zod schemas. Unlike the type
 * provider's own compiler it hands Fastify the `ZodError` itself, so the error handler maps
 * the original issues (paths, limits, formats) to SPEC §3 error details without loss.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    // Issues of schemas without our field helpers get `validation:*` keys too; with the input
    // still at hand, a missing field is told apart from a wrong one (`required`).
    const result = z.safeParse(schema, data, { error: validationErrorMap });
    return result.success ? { value: result.data } : { error: result.error };
  };
