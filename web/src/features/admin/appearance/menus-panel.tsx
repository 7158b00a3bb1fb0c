import { ADMIN_PERMISSIONS } from '@cadenza/contracts/admin';
import type { Menu, MenuItem } from '@cadenza/contracts/menus';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { usePermission } from '../../../app/access';
import { Button, IconButton } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { useAdminRoles } from '../api/admin-api';
import { moved, ReorderList } from '../components/reorder-list';
import { useAppearance, newId } from './appearance-context';
import { MenuItemDialog } from './menu-item-dialog';
import { PanelHeader } from './panel-header';

/** Where the site shows menus, as the shell reads them. */
export const MENU_POSITIONS: { position: string; label: string }[] = [
  { position: 'primary', label: 'Navigation bar' },
  { position: 'auth-dropdown', label: 'User menu' },
  { position: 'footer', label: 'Footer' },
  { position: 'footer-secondary', label: 'Footer, second row' },
];

function useMenus() {
  const { value, setValue } = useAppearance();
  const menus = value<Menu[]>('menus');
  return { menus, setMenus: (next: Menu[]) => setValue('menus', next) };
}

/** /admin/appearance/menus: the menus, and one menu's items. */
export function MenusPanel() {
  return (
    <Routes>
      <Route index element={<MenuList />} />
      <Route path=":menuId" element={<MenuEditor />} />
    </Routes>
  );
}

function MenuList() {
  const { t } = useTranslation();
  const { menus, setMenus } = useMenus();
  const navigate = useNavigate();
  const add = () => {
    const menu: Menu = { id: newId(), name: t('New menu'), positions: [], items: [] };
    setMenus([...menus, menu]);
    void navigate(menu.id);
  };
  const positionLabel = (position: string) =>
    t(MENU_POSITIONS.find((p) => p.position === position)?.label ?? position);
  return (
    <div className="flex flex-col gap-3">
      <PanelHeader
        back=".."
        title={t('Menus')}
        actions={
          <Button size="sm" variant="outline" startIcon={<Plus size={16} />} onClick={add}>
            {t('New menu')}
          </Button>
        }
      />
      {menus.length === 0 && (
        <p className="text-sm text-fg-muted">
          {t('No menus yet. A menu holds links and shows them at the places you choose.')}
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {menus.map((menu) => (
          <li key={menu.id}>
            <Link
              to={menu.id}
              className="flex flex-col rounded-md border border-border p-3 hover:bg-bg-hover"
            >
              <span className="font-medium">{menu.name}</span>
              <span className="text-sm text-fg-muted">
                {menu.positions.length > 0
                  ? menu.positions.map(positionLabel).join(', ')
                  : t('Not shown anywhere')}
                {' · '}
                {t('{{count}} items', {
                  count: menu.items.length,
                  defaultValue_one: '{{count}} item',
                  defaultValue_other: '{{count}} items',
                })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MenuEditor() {
  const { t } = useTranslation();
  const { menuId } = useParams();
  const { menus, setMenus } = useMenus();
  const navigate = useNavigate();
  const canReadRoles = usePermission(ADMIN_PERMISSIONS.roles);
  const roles = useAdminRoles(canReadRoles);
  const [editing, setEditing] = useState<{ item: MenuItem; isNew: boolean } | null>(null);
  const menu = menus.find((candidate) => candidate.id === menuId);

  if (!menu) {
    return (
      <div className="flex flex-col gap-3">
        <PanelHeader back=".." title={t('Menus')} />
        <p className="text-sm text-fg-muted">{t('This menu does not exist any more.')}</p>
      </div>
    );
  }

  const change = (patch: Partial<Menu>) =>
    setMenus(
      menus.map((candidate) => (candidate.id === menu.id ? { ...menu, ...patch } : candidate)),
    );
  const move = (from: number, to: number) => change({ items: moved(menu.items, from, to) });
  const saveItem = (item: MenuItem) => {
    const exists = menu.items.some((candidate) => candidate.id === item.id);
    change({
      items: exists
        ? menu.items.map((candidate) => (candidate.id === item.id ? item : candidate))
        : [...menu.items, item],
    });
    setEditing(null);
  };

  return (
    <div className="flex flex-col gap-5">
      <PanelHeader
        back=".."
        title={menu.name}
        actions={
          <IconButton
            label={t('Delete menu')}
            size="sm"
            onClick={() => {
              setMenus(menus.filter((candidate) => candidate.id !== menu.id));
              void navigate('..');
            }}
          >
            <Trash2 size={18} aria-hidden />
          </IconButton>
        }
      />
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {t('Name')}
        <input
          value={menu.name}
          onChange={(event) => change({ name: event.target.value })}
          className="h-10 rounded-sm border border-border bg-bg px-3 font-normal"
        />
      </label>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">{t('Shown in')}</legend>
        {MENU_POSITIONS.map(({ position, label }) => (
          <Checkbox
            key={position}
            label={t(label)}
            checked={menu.positions.includes(position)}
            onCheckedChange={(checked) =>
              change({
                positions: checked
                  ? [...menu.positions, position]
                  : menu.positions.filter((p) => p !== position),
              })
            }
          />
        ))}
      </fieldset>
      <section className="flex flex-col gap-2" aria-labelledby="menu-items-heading">
        <div className="flex items-center">
          <h3 id="menu-items-heading" className="flex-1 text-sm font-semibold">
            {t('Items')}
          </h3>
          <Button
            size="sm"
            variant="outline"
            startIcon={<Plus size={16} />}
            onClick={() =>
              setEditing({
                item: { id: newId(), label: '', action: '/', type: 'route' },
                isNew: true,
              })
            }
          >
            {t('Add item')}
          </Button>
        </div>
        {menu.items.length === 0 && <p className="text-sm text-fg-muted">{t('No items yet.')}</p>}
        <ReorderList
          items={menu.items}
          label={t('Menu items')}
          keyOf={(item) => item.id}
          nameOf={(item) => item.label}
          onMove={move}
          actions={(item) => (
            <>
              <IconButton
                label={t('Edit {{name}}', { name: item.label })}
                size="xs"
                onClick={() => setEditing({ item, isNew: false })}
              >
                <Pencil size={16} aria-hidden />
              </IconButton>
              <IconButton
                label={t('Remove {{name}}', { name: item.label })}
                size="xs"
                onClick={() =>
                  change({ items: menu.items.filter((other) => other.id !== item.id) })
                }
              >
                <Trash2 size={16} aria-hidden />
              </IconButton>
            </>
          )}
        >
          {(item) => (
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate text-sm font-medium">{item.label}</span>
              <span className="truncate text-xs text-fg-muted">{item.action}</span>
            </span>
          )}
        </ReorderList>
      </section>
      {editing && (
        <MenuItemDialog
          item={editing.item}
          isNew={editing.isNew}
          roles={roles.data ?? null}
          onSave={saveItem}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
