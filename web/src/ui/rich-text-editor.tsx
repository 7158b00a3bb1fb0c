import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Code,
  Heading2,
  Heading3,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Quote,
  Redo,
  Undo,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { cn } from './cn';
import { PROSE } from './prose';

/**
 * A rich text editor (TipTap): headings, emphasis, lists, quotes, code and links; `short` keeps
 * to emphasis, lists, quotes and links (an artist's bio). The server sanitizes what it writes.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  short = false,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  short?: boolean;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: short ? false : { levels: [2, 3] },
        ...(short ? { codeBlock: false, code: false, horizontalRule: false } : {}),
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        class: cn(PROSE, short ? 'min-h-36' : 'min-h-72', 'px-4 py-3 outline-none'),
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });

  return (
    <div className="rounded-md border border-border bg-bg focus-within:outline-2 focus-within:outline-primary">
      <Toolbar editor={editor} short={short} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, short }: { editor: Editor; short: boolean }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullets: current.isActive('bulletList'),
      numbers: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      code: current.isActive('codeBlock'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const setLink = () => {
    const previous = editor.getAttributes('link').href as string | undefined;
    const href = window.prompt(t('Link address'), previous ?? 'https://');
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };

  return (
    <div
      role="toolbar"
      aria-label={t('Formatting')}
      className="flex flex-wrap gap-0.5 border-b border-border p-1"
    >
      <Tool label={t('Bold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold size={16} />
      </Tool>
      <Tool label={t('Italic')} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic size={16} />
      </Tool>
      {!short && (
        <>
          <Tool
            label={t('Heading')}
            active={state.h2}
            onClick={() => chain().toggleHeading({ level: 2 }).run()}
          >
            <Heading2 size={16} />
          </Tool>
          <Tool
            label={t('Subheading')}
            active={state.h3}
            onClick={() => chain().toggleHeading({ level: 3 }).run()}
          >
            <Heading3 size={16} />
          </Tool>
        </>
      )}
      <Tool
        label={t('Bulleted list')}
        active={state.bullets}
        onClick={() => chain().toggleBulletList().run()}
      >
        <List size={16} />
      </Tool>
      <Tool
        label={t('Numbered list')}
        active={state.numbers}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <ListOrdered size={16} />
      </Tool>
      <Tool
        label={t('Quote')}
        active={state.quote}
        onClick={() => chain().toggleBlockquote().run()}
      >
        <Quote size={16} />
      </Tool>
      {!short && (
        <Tool label={t('Code')} active={state.code} onClick={() => chain().toggleCodeBlock().run()}>
          <Code size={16} />
        </Tool>
      )}
      <Tool label={t('Link')} active={state.link} onClick={setLink}>
        <LinkIcon size={16} />
      </Tool>
      <span className="mx-1 w-px bg-border" aria-hidden />
      <Tool label={t('Undo')} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Undo size={16} />
      </Tool>
      <Tool label={t('Redo')} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Redo size={16} />
      </Tool>
    </div>
  );
}

function Tool({
  label,
  active = false,
  disabled = false,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      // A click keeps the text's focus and selection, so a mark chosen before typing (bold, say)
      // is not dropped by the blur and refocus in between.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'flex size-8 items-center justify-center rounded-sm text-fg-muted hover:bg-bg-hover hover:text-fg disabled:opacity-40',
        active && 'bg-bg-hover text-primary',
      )}
    >
      {children}
    </button>
  );
}
