import './gallery.css';
import { createRoot } from 'react-dom/client';
import { useState } from 'react';
import { Heart, Play, Plus, Search, MoreHorizontal, Trash2, ListMusic } from 'lucide-react';
import { Button, IconButton } from '../button';
import { TextField } from '../text-field';
import { Select, SelectItem, SelectGroup } from '../select';
import { Switch } from '../switch';
import { Checkbox } from '../checkbox';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '../dialog';
import { Menu, MenuItem, MenuSeparator, MenuLabel, MenuCheckboxItem } from '../menu';
import { Popover } from '../popover';
import { Tooltip, TooltipProvider } from '../tooltip';
import { Skeleton } from '../skeleton';
import { ProgressCircle, Spinner } from '../spinner';
import { EmptyState } from '../empty-state';
import { CopyButton } from '../copy-button';
import { Listbox } from '../listbox';
import { Toaster } from '../toast/toaster';
import { toast } from '../toast/toast-store';

const scene = new URLSearchParams(location.search).get('scene') ?? 'controls';
if (new URLSearchParams(location.search).get('theme') === 'light') {
  const s = document.documentElement.style;
  Object.entries({ '--bg': '#ffffff', '--bg-elevated': '#ffffff', '--bg-hover': '#f0f0f3', '--fg': '#121216', '--fg-muted': '#5c5c68', '--border': '#dcdce2', '--primary': '#0f7a3a', '--primary-fg': '#ffffff', '--danger': '#c62828', '--positive': '#0f7a3a', '--warning': '#9a5b00' }).forEach(([k, v]) => s.setProperty(k, v));
  s.setProperty('color-scheme', 'light');
}

function Controls() {
  const [on, setOn] = useState(true);
  return (
    <div className="flex flex-col gap-8 p-8">
      <div className="flex flex-wrap items-end gap-2">
        {(['2xs', 'xs', 'sm', 'md', 'lg', 'xl'] as const).map((s) => <Button key={s} size={s}>Play {s}</Button>)}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" startIcon={<Play size={16} />}>Primary</Button>
        <Button variant="outline">Outline</Button>
        <Button variant="text">Text</Button>
        <Button variant="danger" startIcon={<Trash2 size={16} />}>Delete</Button>
        <Button isLoading>Saving</Button>
        <Button variant="outline" isLoading>Saving</Button>
        <Button disabled>Disabled</Button>
        <Button href="#x" variant="outline">Link</Button>
        <IconButton label="Play" variant="primary" radius="full" size="lg"><Play size={20} /></IconButton>
        <IconButton label="Like"><Heart size={18} /></IconButton>
        <CopyButton value="hello" size="sm" />
        <Spinner /> <ProgressCircle value={60} size="lg" />
      </div>
      <div className="grid max-w-[780px] grid-cols-2 gap-6">
        <TextField label="E-mail" placeholder="you@example.com" description="We never share it." required />
        <TextField label="Password" type="password" defaultValue="secret" errorMessage="This password is too short." />
        <TextField label="Search" startAdornment={<Search size={16} />} placeholder="Artists, songs" size="lg" />
        <Select label="Language" placeholder="Choose…" description="Used for the interface.">
          <SelectItem value="en">English</SelectItem>
          <SelectItem value="pt">Português</SelectItem>
        </Select>
        <Switch label="Autoplay" description="Keep playing similar songs." checked={on} onCheckedChange={setOn} />
        <Checkbox label="I accept the Terms of service" errorMessage="Please accept to continue." />
        <Checkbox label="Remember me" defaultChecked />
        <Listbox label="Timezone" defaultValue="b" items={[{ value: 'a', label: 'America/Sao_Paulo' }, { value: 'b', label: 'Europe/Lisbon' }, { value: 'c', label: 'Asia/Tokyo', disabled: true }]} />
      </div>
      <div className="flex max-w-[780px] flex-col gap-3">
        <div className="flex items-center gap-3"><Skeleton variant="circle" className="size-12" /><div className="flex-1"><Skeleton variant="text" className="w-1/2" /><Skeleton variant="text" className="w-1/3 text-sm" /></div></div>
        <Skeleton className="aspect-square w-40" />
      </div>
      <EmptyState image={<ListMusic size={48} />} description="Try a different search." action={<Button variant="outline">Clear filters</Button>} />
    </div>
  );
}

function Overlays() {
  return (
    <div className="flex gap-4 p-8">
      <Menu trigger={<IconButton label="More"><MoreHorizontal size={18} /></IconButton>} open>
        <MenuLabel>Track</MenuLabel>
        <MenuItem startIcon={<Plus size={16} />}>Add to playlist</MenuItem>
        <MenuItem startIcon={<ListMusic size={16} />} endContent="Q">Add to queue</MenuItem>
        <MenuCheckboxItem checked>Show lyrics</MenuCheckboxItem>
        <MenuSeparator />
        <MenuItem variant="danger" startIcon={<Trash2 size={16} />}>Remove</MenuItem>
      </Menu>
    </div>
  );
}

function DialogScene() {
  return (
    <Dialog open size="md">
      <DialogHeader description="This cannot be undone.">Delete account?</DialogHeader>
      <DialogBody>
        <TextField label="Password" type="password" />
      </DialogBody>
      <DialogFooter>
        <Button variant="text">Cancel</Button>
        <Button variant="danger">Delete</Button>
      </DialogFooter>
    </Dialog>
  );
}

function ToastScene() {
  setTimeout(() => toast.danger('There was an issue. Please try again.', { action: { label: 'Retry', action: () => {} }, duration: null }), 0);
  return (
    <div className="p-8">
      <Tooltip label="Add to queue"><Button variant="outline">Focus me</Button></Tooltip>
      <Popover trigger={<Button variant="outline">Popover</Button>} defaultOpen aria-label="x" side="right">
        <p className="text-sm">Popover content with some text.</p>
      </Popover>
    </div>
  );
}

const scenes: Record<string, () => React.ReactNode> = { controls: Controls, overlays: Overlays, dialog: DialogScene, toast: ToastScene };
const Scene = scenes[scene] ?? Controls;
createRoot(document.getElementById('root')!).render(
  <TooltipProvider>
    <Scene />
    <Toaster />
  </TooltipProvider>,
);
