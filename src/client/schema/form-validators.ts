import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';

/** A form as `npm run generate` compiled it: its schema and ajv's validators for it and its parts, plain functions. */
interface CompiledForm {
  schema: RJSFSchema;
  validators: Parameters<typeof createPrecompiledValidator>[0];
}
export interface FormWithValidator {
  schema: RJSFSchema;
  validator: ValidatorType;
}

// One chunk per entity, loaded when its first form opens.
const modules = import.meta.glob<{ forms: Record<string, CompiledForm> }>('../../generated/forms/*.ts');
const made = new Map<string, FormWithValidator>();

async function loadForm(entity: string, id: string): Promise<FormWithValidator> {
  const known = made.get(id);
  if (known) return known;
  const load = modules[`../../generated/forms/${entity}.ts`];
  const compiled = load && (await load()).forms[id];
  if (!compiled) throw new Error(`No compiled form ${id}: run npm run generate`);
  const form = { schema: compiled.schema, validator: createPrecompiledValidator(compiled.validators, compiled.schema) };
  made.set(id, form);
  return form;
}

/**
 * The form named `id` (formId, bulkFormSchema's) with its validator: the schema the validator was compiled for is the
 * one the form shows, so they cannot drift apart. Undefined while its chunk loads (and for no form: null).
 */
export function useCompiledForm(entity: string, id: string | null): FormWithValidator | undefined {
  return useQuery({
    queryKey: ['compiled-form', id],
    queryFn: () => loadForm(entity, id!),
    enabled: id !== null,
    staleTime: Infinity,
  }).data;
}

/**
 * Loads the form `id` ahead of its first opening (its chunk fetched and its validators made), into the same cache
 * useCompiledForm reads: a window that will open another app's form (a patient's New claim) asks for it when idle.
 */
export const prefetchCompiledForm = (queryClient: QueryClient, entity: string, id: string) =>
  queryClient.prefetchQuery({
    queryKey: ['compiled-form', id],
    queryFn: () => loadForm(entity, id),
    staleTime: Infinity,
  });
