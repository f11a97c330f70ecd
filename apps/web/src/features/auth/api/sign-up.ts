import type { SignUp, SignUpResult } from '@opora/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `POST /api/v1/web/users/sign-up`: creates the account and e-mails a confirmation link. */
export function signUp(body: SignUp): Promise<SignUpResult> {
  return apiClient.post<SignUpResult>('/web/users/sign-up', body);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
