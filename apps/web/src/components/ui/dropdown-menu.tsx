import { Check } from 'lucide-react';
import { DropdownMenu as Menu } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * Radix dropdown menu, styled: arrow keys, typeahead, Escape and focus return come with it.
 *
 *   <DropdownMenu><DropdownMenuTrigger asChild><Button>…</Button></DropdownMenuTrigger>
 *     <DropdownMenuContent align="end"><DropdownMenuItem onSelect={…}>…</DropdownMenuItem></DropdownMenuContent>
 *   </DropdownMenu>
 */
/**
 * Non-modal by default: a modal menu hides the whole page with aria-hidden while its items keep
 * their tab stops (axe `aria-hidden-focus`) and locks scrolling, which a small menu does not need.
 * Arrow keys, Escape, typeahead and focus return work the same.
 */
export function DropdownMenu({ modal = false, ...props }: ComponentProps<typeof Menu.Root>) {
  return <Menu.Root modal={modal} {...props} />;
}
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;
export const DropdownMenuRadioGroup = Menu.RadioGroup;
export const DropdownMenuSub = Menu.Sub;

const itemClasses =
  'relative flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-popover-foreground outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground';

export function DropdownMenuContent({ className, sideOffset = 6, ...props }: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-56 origin-[var(--radix-dropdown-menu-content-transform-origin)] overflow-y-auto rounded-xl border border-border bg-popover p-1.5 shadow-lg data-[state=open]:animate-menu-in',
          className,
        )}
        {...props}
      />
    </Menu.Portal>
  );
}

export function DropdownMenuItem({
  className,
  destructive = false,
  ...props
}: ComponentProps<typeof Menu.Item> & { destructive?: boolean }) {
  return (
    <Menu.Item
      className={cn(
        itemClasses,
        destructive && 'text-destructive-soft-foreground data-[highlighted]:bg-destructive-soft [&_svg]:text-current',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuRadioItem({ className, children, ...props }: ComponentProps<typeof Menu.RadioItem>) {
  return (
    <Menu.RadioItem className={cn(itemClasses, 'pr-8', className)} {...props}>
      {children}
      <Menu.ItemIndicator className="absolute right-2.5 inline-flex">
        <Check aria-hidden="true" className="!text-primary-soft-foreground" />
      </Menu.ItemIndicator>
    </Menu.RadioItem>
  );
}

/** A menu item that toggles (a column shown, a filter value chosen); the menu stays open on select. */
export function DropdownMenuCheckboxItem({
  className,
  children,
  onSelect,
  ...props
}: ComponentProps<typeof Menu.CheckboxItem>) {
  return (
    <Menu.CheckboxItem
      className={cn(itemClasses, 'pr-8', className)}
      onSelect={(event) => {
        // Several choices in one visit: keep the menu open.
        event.preventDefault();
        onSelect?.(event);
      }}
      {...props}
    >
      {children}
      <Menu.ItemIndicator className="absolute right-2.5 inline-flex">
        <Check aria-hidden="true" className="!text-primary-soft-foreground" />
      </Menu.ItemIndicator>
    </Menu.CheckboxItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-2.5 py-1.5 text-xs font-medium text-muted-foreground', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('-mx-1.5 my-1.5 h-px bg-border', className)} {...props} />;
}
