// A rich-text editor (TipTap + starter kit) with a toolbar: bold, italic, headings, lists, links,
// undo and redo. It edits HTML; whoever stores it sanitises it (the server does, on save and when shown).
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import InsertLink from '@mui/icons-material/InsertLink';
import LinkOff from '@mui/icons-material/LinkOff';
import Redo from '@mui/icons-material/Redo';
import Title from '@mui/icons-material/Title';
import Undo from '@mui/icons-material/Undo';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Paper,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';

type RichTextEditorProps = {
  /** The starting HTML; later changes of the prop are not applied (remount with a key to reset). */
  initialHtml: string;
  onChange: (html: string) => void;
  /** Names the editing area for screen readers. */
  label: string;
  error?: boolean;
};

/** Only web and mail links: a `javascript:` address never becomes a link. */
export function safeHref(raw: string): string | null {
  const text = raw.trim();
  if (text === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  return /^(https?:|mailto:)/i.test(withScheme) ? withScheme : null;
}

function ToolButton({
  title,
  active,
  disabled,
  onClick,
  children,
}: {
  title: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <span>
        <IconButton
          size="small"
          aria-label={title}
          aria-pressed={active}
          disabled={disabled}
          onClick={onClick}
          sx={active ? { bgcolor: 'action.selected', color: 'primary.main' } : undefined}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function Toolbar({ editor, onLink }: { editor: Editor; onLink: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Stack
      direction="row"
      role="toolbar"
      aria-label="Formatação"
      sx={{ flexWrap: 'wrap', gap: 0.25, px: 0.5, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <ToolButton title="Negrito" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <FormatBold fontSize="small" />
      </ToolButton>
      <ToolButton title="Itálico" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <FormatItalic fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton title="Título" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Title fontSize="small" />
      </ToolButton>
      <ToolButton title="Subtítulo" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Title sx={{ fontSize: '1rem' }} />
      </ToolButton>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton title="Lista com marcadores" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <FormatListBulleted fontSize="small" />
      </ToolButton>
      <ToolButton title="Lista numerada" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <FormatListNumbered fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton title="Inserir link" active={state.link} onClick={onLink}>
        <InsertLink fontSize="small" />
      </ToolButton>
      <ToolButton title="Remover link" disabled={!state.link} onClick={() => chain().extendMarkRange('link').unsetLink().run()}>
        <LinkOff fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton title="Desfazer" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Undo fontSize="small" />
      </ToolButton>
      <ToolButton title="Refazer" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Redo fontSize="small" />
      </ToolButton>
    </Stack>
  );
}

function LinkDialog({
  open,
  initial,
  onClose,
  onApply,
}: {
  open: boolean;
  initial: string;
  onClose: () => void;
  onApply: (href: string | null) => void;
}) {
  const [value, setValue] = useState(initial);
  const href = safeHref(value);
  const invalid = value.trim() !== '' && href === null;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Inserir link</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="Endereço"
          placeholder="https://"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={invalid}
          helperText={invalid ? 'Use um endereço http, https ou mailto.' : ' '}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !invalid) {
              event.preventDefault();
              onApply(href);
            }
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" disabled={invalid} onClick={() => onApply(href)}>
          Aplicar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function RichTextEditor({ initialHtml, onChange, label, error }: RichTextEditorProps) {
  const [linking, setLinking] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: initialHtml,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    // The empty paragraph the editor keeps after a list or heading (to type after it) is not content.
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML().replace(/(<p><\/p>)+$/, '')),
  });

  const applyLink = (href: string | null) => {
    setLinking(false);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href === null) chain.unsetLink().run();
    else chain.setLink({ href }).run();
  };

  return (
    <Paper variant="outlined" sx={{ borderColor: error ? 'error.main' : undefined, overflow: 'hidden' }}>
      <Toolbar editor={editor} onLink={() => setLinking(true)} />
      <Box
        sx={{
          px: 2,
          py: 1.5,
          minHeight: 220,
          maxHeight: 460,
          overflow: 'auto',
          cursor: 'text',
          '& .tiptap': { outline: 'none', minHeight: 196, lineHeight: 1.6 },
          '& .tiptap > :first-of-type': { mt: 0 },
          '& .tiptap h2': { fontSize: '1.25rem', fontWeight: 600, mt: 2, mb: 1 },
          '& .tiptap h3': { fontSize: '1.1rem', fontWeight: 600, mt: 2, mb: 1 },
          '& .tiptap ul, & .tiptap ol': { pl: 3 },
          '& .tiptap a': { color: 'primary.main' },
        }}
        onClick={() => editor.commands.focus()}
      >
        <EditorContent editor={editor} />
      </Box>
      {linking && (
        <LinkDialog
          open
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onClose={() => setLinking(false)}
          onApply={applyLink}
        />
      )}
    </Paper>
  );
}
