import type { MenuItem } from '@cadenza/contracts/menus';
import type { ComponentProps } from 'react';
import { NavLink } from 'react-router';

export interface MenuLinkProps extends Omit<ComponentProps<'a'>, 'href' | 'target' | 'className'> {
  item: Pick<MenuItem, 'action' | 'type' | 'target'>;
  className?: string | ((state: { isActive: boolean }) => string);
}

/**
 * A menu item as a link: type route navigates inside the app, type link is a plain <a>. Other
 * props (and the ref) reach the element, so it can be the child of a slotted menu item or button.
 */
export function MenuLink({ item, className, children, ...props }: MenuLinkProps) {
  const target = item.target === '_blank' ? '_blank' : undefined;
  if (item.type === 'route' && !target) {
    return (
      <NavLink {...props} to={item.action} className={className} end={item.action === '/'}>
        {children}
      </NavLink>
    );
  }
  return (
    <a
      {...props}
      href={item.action}
      target={target}
      rel={target ? 'noopener noreferrer' : undefined}
      className={typeof className === 'function' ? className({ isActive: false }) : className}
    >
      {children}
    </a>
  );
}
