import type { MenuItem } from '@cadenza/contracts/menus';
import { useMemo } from 'react';
import { useBootstrap } from '../../api/bootstrap';
import { isVisibleTo, menuItemsAt, type VisibilityConditions } from './menu-conditions';

/** The items of the menus placed at a position that the current visitor may see. */
export function useMenuItems(position: string): MenuItem[] {
  const data = useBootstrap();
  return useMemo(() => menuItemsAt(data.menus, position, data), [data, position]);
}

/** Whether a call-to-action or any item with menu conditions shows for the current visitor. */
export function useIsVisible(conditions: VisibilityConditions | null | undefined): boolean {
  const data = useBootstrap();
  return conditions ? isVisibleTo(conditions, data) : false;
}
