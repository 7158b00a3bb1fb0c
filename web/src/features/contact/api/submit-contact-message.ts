import type { ContactMessage } from '@cadenza/contracts/contact';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

export function submitContactMessage(message: ContactMessage) {
  return apiClient.post<{ message: string }>('contact-page', message);
}

export function useSubmitContactMessage() {
  return useMutation({ mutationFn: submitContactMessage });
}
