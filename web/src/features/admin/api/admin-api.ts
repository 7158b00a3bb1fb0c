import type {
  AdminRole,
  AdminUser,
  AdminUserCreate,
  AdminUserUpdate,
  AuditEntry,
  BanInput,
  PermissionDefinition,
  RoleInput,
} from '@cadenza/contracts/admin';
import type { Pagination } from '@cadenza/contracts/http';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { apiClient, type QueryParams } from '../../../api/client';

export const adminKeys = {
  users: (params: QueryParams) => ['admin', 'users', params] as const,
  allUsers: ['admin', 'users'] as const,
  roles: ['admin', 'roles'] as const,
  permissions: ['admin', 'permissions'] as const,
  auditLog: (params: QueryParams) => ['admin', 'audit-log', params] as const,
};

/** A page of the users table; the previous page stays on screen while the next one loads. */
export const useAdminUsers = (params: QueryParams) =>
  useQuery({
    queryKey: adminKeys.users(params),
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<AdminUser> }>('admin/users', { params })
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
  });

/** A site has a handful of roles: the screens that pick one read them in one page. */
const ROLES_PER_PAGE = 100;

/** `enabled`: false for an admin who may not read roles (their screens go without). */
export const useAdminRoles = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.roles,
    enabled,
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<AdminRole> }>('admin/roles', {
          params: { perPage: ROLES_PER_PAGE },
        })
        .then((response) => response.pagination.data),
  });

export const usePermissionCatalogue = () =>
  useQuery({
    queryKey: adminKeys.permissions,
    queryFn: () =>
      apiClient
        .get<{ permissions: PermissionDefinition[] }>('admin/permissions')
        .then((response) => response.permissions),
    staleTime: Infinity,
  });

export const useAuditLog = (params: QueryParams) =>
  useQuery({
    queryKey: adminKeys.auditLog(params),
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<AuditEntry> }>('admin/audit-log', { params })
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
  });

/** A write that refreshes the lists it changes (and the audit log, which records it). */
function useAdminMutation<TInput, TResult>(
  call: (input: TInput) => Promise<TResult>,
  changes: QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all(
        [...changes, ['admin', 'audit-log']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

const userChanges = [adminKeys.allUsers, adminKeys.roles];

export const useCreateUser = () =>
  useAdminMutation(
    (input: AdminUserCreate) =>
      apiClient.post<{ user: AdminUser }>('admin/users', input).then((r) => r.user),
    userChanges,
  );

export const useUpdateUser = () =>
  useAdminMutation(
    ({ id, ...input }: AdminUserUpdate & { id: number }) =>
      apiClient.put<{ user: AdminUser }>(`admin/users/${id}`, input).then((r) => r.user),
    userChanges,
  );

export const useDeleteUsers = () =>
  useAdminMutation(
    (ids: number[]) => apiClient.delete<{ message: string }>(`admin/users/${ids.join(',')}`),
    userChanges,
  );

export const useBanUser = () =>
  useAdminMutation(
    ({ id, ...input }: BanInput & { id: number }) =>
      apiClient.post<{ user: AdminUser }>(`admin/users/${id}/ban`, input).then((r) => r.user),
    userChanges,
  );

export const useUnbanUser = () =>
  useAdminMutation(
    (id: number) =>
      apiClient.post<{ user: AdminUser }>(`admin/users/${id}/unban`).then((r) => r.user),
    userChanges,
  );

/** Signs in as the user; the page then reloads as them, so nothing is cached to refresh. */
export const useImpersonate = () =>
  useMutation({
    mutationFn: (id: number) =>
      apiClient.post<{ user: AdminUser }>(`admin/users/${id}/impersonate`),
  });

const roleChanges = [adminKeys.roles, adminKeys.allUsers];

export const useCreateRole = () =>
  useAdminMutation(
    (input: RoleInput) =>
      apiClient.post<{ role: AdminRole }>('admin/roles', input).then((r) => r.role),
    roleChanges,
  );

export const useUpdateRole = () =>
  useAdminMutation(
    ({ id, ...input }: RoleInput & { id: number }) =>
      apiClient.put<{ role: AdminRole }>(`admin/roles/${id}`, input).then((r) => r.role),
    roleChanges,
  );

export const useDeleteRole = () =>
  useAdminMutation(
    (id: number) => apiClient.delete<{ message: string }>(`admin/roles/${id}`),
    roleChanges,
  );

export const useSetUserAvatar = () =>
  useAdminMutation(({ id, file }: { id: number; file: File }) => {
    const body = new FormData();
    body.append('file', file);
    return apiClient
      .post<{ user: AdminUser }>(`admin/users/${id}/avatar`, body)
      .then((r) => r.user);
  }, userChanges);

export const useRemoveUserAvatar = () =>
  useAdminMutation(
    (id: number) =>
      apiClient.delete<{ user: AdminUser }>(`admin/users/${id}/avatar`).then((r) => r.user),
    userChanges,
  );
