import {
  ADMIN_PERMISSIONS,
  adminRoleSchema,
  permissionDefinitionSchema,
  roleInputSchema,
} from '@cadenza/contracts/admin';
import { BILLING_PERMISSIONS } from '@cadenza/contracts/billing';
import { adminListQuerySchema, integer, paginationSchema } from '@cadenza/contracts/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RolesAdminService } from './roles-admin.service.js';

const idParams = z.object({ id: integer({ min: 1 }) });
const roleResponse = { 200: z.object({ role: adminRoleSchema }) };

/** The admin API of roles and the permission catalogue (the service audits every write). */
export async function rolesAdminRoutes(
  app: FastifyInstance,
  { rolesAdmin }: { rolesAdmin: RolesAdminService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: ADMIN_PERMISSIONS.roles };

  r.get(
    '/api/v1/admin/roles',
    {
      config,
      schema: {
        querystring: adminListQuerySchema,
        response: { 200: paginationSchema(adminRoleSchema) },
      },
    },
    async (request) => ({ pagination: await rolesAdmin.list(request.query) }),
  );

  r.get(
    '/api/v1/admin/roles/:id',
    { config, schema: { params: idParams, response: roleResponse } },
    async (request) => ({ role: await rolesAdmin.get(request.params.id) }),
  );

  r.post(
    '/api/v1/admin/roles',
    { config, schema: { body: roleInputSchema, response: roleResponse } },
    async (request) => ({ role: await rolesAdmin.create(request, request.body) }),
  );

  r.put(
    '/api/v1/admin/roles/:id',
    { config, schema: { params: idParams, body: roleInputSchema, response: roleResponse } },
    async (request) => ({
      role: await rolesAdmin.update(request, request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/v1/admin/roles/:id',
    {
      config,
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      await rolesAdmin.remove(request, request.params.id);
      return { message: 'Role deleted' };
    },
  );

  // The role, user and plan editors grant permissions from this list.
  r.get(
    '/api/v1/admin/permissions',
    {
      config: {
        permission: [
          ADMIN_PERMISSIONS.roles,
          ADMIN_PERMISSIONS.users,
          BILLING_PERMISSIONS.products,
        ],
      },
      schema: { response: { 200: z.object({ permissions: z.array(permissionDefinitionSchema) }) } },
    },
    async () => ({ permissions: await rolesAdmin.catalogue() }),
  );
}
