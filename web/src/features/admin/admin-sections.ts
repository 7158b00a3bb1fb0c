import { ADMIN_PERMISSIONS } from '@cadenza/contracts/admin';
import { ScrollText, ShieldCheck, Users, type LucideIcon } from 'lucide-react';

export interface AdminSection {
  /** Below /admin. */
  path: string;
  label: string;
  icon: LucideIcon;
  /** Each section has its own permission, so an admin can hand parts of the work to others. */
  permission: string;
}

export interface AdminGroup {
  label: string;
  sections: AdminSection[];
}

/** The admin area's navigation, grouped by area. */
export const ADMIN_GROUPS: AdminGroup[] = [
  {
    label: 'People',
    sections: [
      { path: 'users', label: 'Users', icon: Users, permission: ADMIN_PERMISSIONS.users },
      { path: 'roles', label: 'Roles', icon: ShieldCheck, permission: ADMIN_PERMISSIONS.roles },
    ],
  },
  {
    label: 'Logs',
    sections: [
      {
        path: 'logs/audit',
        label: 'Audit log',
        icon: ScrollText,
        permission: ADMIN_PERMISSIONS.logs,
      },
    ],
  },
];

export const ADMIN_SECTIONS = ADMIN_GROUPS.flatMap((group) => group.sections);
