import { operations } from '@opora/contracts/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callOperation, type InputOf } from '@/lib/operations.ts';

/** `joinAsProvider`: the administrator's account and the organisation (new, or its unclaimed listing). */
export function joinAsProvider(body: InputOf<'joinAsProvider'>['body']) {
  return callOperation(operations.joinAsProvider, { body });
}

export function useJoinAsProvider() {
  return useMutation({ mutationFn: joinAsProvider });
}
