import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageLoader } from '@/components/PageLoader';
import { formatDateTime, formatNumber } from '@/domain/format';
import { CONTENT_IMAGE_EXTENSIONS, CONTENT_LIMITS, type StoryKind, type StoryRow } from '@/domain/pageContent';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { contentKey, PageContentHeader, R, usePageId } from './shared';

/** The scheme a story link starts with: not a word to translate. */
const URL_PLACEHOLDER = 'https://';

function NewStory({ pageId, onCreated }: { pageId: number; onCreated: () => Promise<void> }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const fileInput = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<StoryKind>('TEXT');
  const [text, setText] = useState('');
  const [link, setLink] = useState('');
  const [image, setImage] = useState<{ name: string; url: string } | null>(null);
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      setImage(await api.uploadPageImage(pageId, file));
    } catch {
      // The httpClient has shown the server's message.
    }
  };
  const post = async () => {
    try {
      await api.createStory(pageId, { kind, text: text.trim() || undefined, image: kind === 'IMAGE' ? image?.name : undefined, link: link.trim() || undefined });
      setText('');
      setLink('');
      setImage(null);
      await onCreated();
    } catch {
      // The httpClient has shown the server's message.
    }
  };
  const ready = kind === 'TEXT' ? text.trim().length > 0 : image !== null;
  return (
    <Paper variant="outlined" component="section" aria-label={translate(`${R}.stories.new`)} sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {translate(`${R}.stories.new`)}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <ToggleButtonGroup exclusive size="small" value={kind} onChange={(_, v: StoryKind | null) => v && setKind(v)} aria-label={translate(`${R}.stories.kind`)}>
          <ToggleButton value="TEXT">{translate(`${R}.stories.kinds.TEXT`)}</ToggleButton>
          <ToggleButton value="IMAGE">{translate(`${R}.stories.kinds.IMAGE`)}</ToggleButton>
        </ToggleButtonGroup>
        {kind === 'IMAGE' && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" onClick={() => fileInput.current?.click()}>
              {translate(`${R}.stories.chooseImage`)}
            </Button>
            <input ref={fileInput} type="file" hidden accept={CONTENT_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')} onChange={(e) => void upload(e)} />
            {image && <Box component="img" src={image.url} alt={translate(`${R}.stories.preview`)} sx={{ height: 64, borderRadius: 1 }} />}
          </Stack>
        )}
        <TextField
          size="small"
          label={translate(kind === 'TEXT' ? `${R}.stories.text` : `${R}.stories.caption`)}
          value={text}
          onChange={(e) => setText(e.target.value)}
          helperText={translate(`${R}.stories.textHelp`, { max: CONTENT_LIMITS.storyTextMaxLength })}
          slotProps={{ htmlInput: { maxLength: CONTENT_LIMITS.storyTextMaxLength } }}
        />
        <TextField size="small" label={translate(`${R}.stories.link`)} value={link} onChange={(e) => setLink(e.target.value)} placeholder={URL_PLACEHOLDER} />
        <div>
          <Button variant="contained" disabled={!ready} onClick={() => void post()}>
            {translate(`${R}.stories.post`)}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

const STATE_COLORS = { ACTIVE: 'success', EXPIRED: 'default', DELETED: 'default' } as const;

/** Spec §2 content-management/{id}/stories: post an image or text story (24 hours), views, end early. */
export default function StoriesPage() {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const pageId = usePageId();
  const lng = getLanguage();
  const [ending, setEnding] = useState<StoryRow | null>(null);
  const { data, isPending, isError } = useQuery({ queryKey: contentKey('stories', pageId), queryFn: () => api.getPageStories(pageId, { pageSize: 50 }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: contentKey() });
  const end = async () => {
    if (!ending) return;
    try {
      await api.deleteStory(pageId, ending.id);
      await refresh();
    } catch {
      // The httpClient has shown the server's message.
    }
    setEnding(null);
  };
  return (
    <>
      <PageContentHeader current="content-stories" />
      <NewStory pageId={pageId} onCreated={refresh} />
      {isPending && <PageLoader />}
      {isError && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
      {data && data.content.length === 0 && <Alert severity="info">{translate(`${R}.stories.empty`)}</Alert>}
      <Stack spacing={1}>
        {data?.content.map((story) => (
          <Paper key={story.id} variant="outlined" sx={{ p: 2 }} data-testid={`story-${story.id}`}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              {story.imageUrl && <Box component="img" src={story.imageUrl} alt={translate(`${R}.stories.preview`)} sx={{ height: 64, borderRadius: 1 }} />}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2">{story.text}</Typography>
                {story.link && (
                  <Typography variant="caption" component="a" href={story.link} target="_blank" rel="noopener nofollow">
                    {story.link}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {translate(`${R}.stories.times`, { created: formatDateTime(story.createdAt), expires: formatDateTime(story.expiresAt) })}
                </Typography>
              </Box>
              <Typography variant="body2">{translate(`${R}.stories.views`, { n: formatNumber(story.views, lng) })}</Typography>
              <Chip size="small" color={STATE_COLORS[story.state]} label={translate(`${R}.stories.states.${story.state}`)} />
              {story.state === 'ACTIVE' && (
                <Button size="small" color="error" onClick={() => setEnding(story)}>
                  {translate(`${R}.stories.delete`)}
                </Button>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
      <ConfirmDialog
        open={ending !== null}
        title={translate(`${R}.stories.deleteTitle`)}
        content={translate(`${R}.stories.deleteConfirm`)}
        onConfirm={() => void end()}
        onClose={() => setEnding(null)}
      />
    </>
  );
}
