import type { Workspace, WorkspaceSummary } from '@cadenza/contracts/workspaces';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getActiveWorkspaceId, setActiveWorkspaceId } from '../../../api/active-workspace';
import { apiClient } from '../../../api/client';
import { valueListsQuery } from '../../../i18n/api';

export const workspaceKeys = {
  mine: ['workspaces', 'mine'] as const,
  one: (id: number) => ['workspaces', id] as const,
};

export const myWorkspacesQueryOptions = queryOptions({
  queryKey: workspaceKeys.mine,
  queryFn: () =>
    apiClient
      .get<{ workspaces: WorkspaceSummary[] }>('me/workspaces')
      .then((response) => response.workspaces),
});

export const useMyWorkspaces = (enabled = true) =>
  useQuery({ ...myWorkspacesQueryOptions, enabled });

/** The workspace roles, as the server lists them (who may be invited as what, and the default). */
export const useWorkspaceRoles = () =>
  useQuery({
    ...valueListsQuery(['workspaceRoles']),
    select: (lists) => lists.workspaceRoles,
  });

export const useWorkspace = (id: number) =>
  useQuery({
    queryKey: workspaceKeys.one(id),
    queryFn: () =>
      apiClient
        .get<{ workspace: Workspace }>(`workspace/${id}`)
        .then((response) => response.workspace),
  });

/**
 * Makes a workspace the one requests are scoped to (spec section 4): kept in the cookie, and
 * everything fetched for the previous one is fetched again.
 */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return (id: number) => {
    if (id === getActiveWorkspaceId()) return;
    setActiveWorkspaceId(id);
    void queryClient.invalidateQueries();
  };
}

function useWorkspaceMutation<TInput, TResult>(
  call: (input: TInput) => Promise<TResult>,
  afterwards?: (result: TResult, input: TInput) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result, input) => {
      afterwards?.(result, input);
      void queryClient.invalidateQueries({ queryKey: ['workspaces'] });
    },
  });
}

export const useCreateWorkspace = () =>
  useWorkspaceMutation((name: string) =>
    apiClient.post<{ workspace: Workspace }>('workspace', { name }).then((r) => r.workspace),
  );

export const useRenameWorkspace = (id: number) =>
  useWorkspaceMutation((name: string) =>
    apiClient.put<{ workspace: Workspace }>(`workspace/${id}`, { name }).then((r) => r.workspace),
  );

export const useDeleteWorkspace = (id: number) =>
  useWorkspaceMutation(
    () => apiClient.delete<{ message: string }>(`workspace/${id}`),
    () => {
      if (getActiveWorkspaceId() === id) setActiveWorkspaceId(0);
    },
  );

export const useInvite = (id: number) =>
  useWorkspaceMutation((input: { emails: string[]; role_id?: number }) =>
    apiClient.post<{ workspace: Workspace }>(`workspace/${id}/invite`, input),
  );

export const useResendInvite = (id: number) =>
  useWorkspaceMutation((inviteId: string) =>
    apiClient.post<{ workspace: Workspace }>(`workspace/${id}/invite/${inviteId}/resend`),
  );

export const useRevokeInvite = (id: number) =>
  useWorkspaceMutation((inviteId: string) =>
    apiClient.delete<{ workspace: Workspace }>(`workspace/${id}/invite/${inviteId}`),
  );

export const useChangeRole = (id: number) =>
  useWorkspaceMutation((input: { userId: number; roleId: number }) =>
    apiClient.post<{ workspace: Workspace }>(`workspace/${id}/member/${input.userId}/change-role`, {
      role_id: input.roleId,
    }),
  );

export const useRemoveMember = (id: number) =>
  useWorkspaceMutation((userId: number) =>
    apiClient.delete<{ message: string }>(`workspace/${id}/member/${userId}`),
  );

/** Answers an invitation from its notification (spec sections 4 and 8). */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ inviteId, join }: { inviteId: string; join: boolean }) =>
      join
        ? apiClient
            .get<{ workspace: { id: number } }>(`workspace/join/${inviteId}`)
            .then((response) => response.workspace.id)
        : apiClient.delete<{ message: string }>(`workspace/invite/${inviteId}`).then(() => null),
    onSuccess: (workspaceId) => {
      // After joining, the joined workspace becomes the active one.
      if (workspaceId !== null) setActiveWorkspaceId(workspaceId);
      void queryClient.invalidateQueries();
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
