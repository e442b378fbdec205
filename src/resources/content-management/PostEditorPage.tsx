import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Form, FormDataConsumer, RadioButtonGroupInput, SaveButton, Title, useTranslate } from 'react-admin';
import { FormatButtons, LinkButtons, ListButtons, RichTextInput, RichTextInputToolbar, useTiptapEditor } from 'ra-input-rich-text';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import { notify } from '@/components/notifications/notifier';
import { PageLoader } from '@/components/PageLoader';
import { VietnamMinuteInput, vietnamMinuteOf } from '@/components/VietnamMinuteInput';
import { validateWithSchema } from '@/domain/formErrors';
import { formatNumber } from '@/domain/format';
import { CONTENT_IMAGE_EXTENSIONS, CONTENT_LIMITS, POST_SAVE_STATUSES, postSaveSchema, type PostSaveInput, type PostSummary } from '@/domain/pageContent';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { PostComments } from './PostComments';
import { contentKey, PostStatusChip, R } from './shared';

type Values = Record<string, unknown>;

function toBody(values: Values): PostSaveInput {
  const status = values.status as PostSaveInput['status'];
  return {
    bodyHtml: typeof values.bodyHtml === 'string' ? values.bodyHtml : '',
    images: [],
    status,
    scheduledAt: status === 'SCHEDULED' ? (values.scheduledAt as string) || '' : undefined,
  };
}

const validate = validateWithSchema<Values>(postSaveSchema, { prepare: toBody });

const countImages = (html: string) => (html.match(/<img\b/g) ?? []).length;

/** Toolbar button: uploads an image of the page (checked by the server) and puts it where the cursor is. */
function UploadImageButton({ pageId }: { pageId: number }) {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const api = usePortalApi();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const label = translate(`${R}.editor.addImage`);
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !editor) return;
    if (countImages(editor.getHTML()) >= CONTENT_LIMITS.maxPostImages) {
      notify(translate('validation.content.tooManyImages'), { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const image = await api.uploadPageImage(pageId, file);
      editor.chain().focus().insertContent({ type: 'image', attrs: { src: image.url, alt: '' } }).run();
    } catch {
      // The httpClient has shown the server's message (type, size, content).
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ToggleButton value="upload-image" aria-label={label} title={label} disabled={!editor?.isEditable || busy} onClick={() => input.current?.click()}>
        {busy ? <CircularProgress size={16} /> : <AddPhotoAlternateOutlined fontSize="inherit" />}
      </ToggleButton>
      <input
        ref={input}
        type="file"
        hidden
        accept={CONTENT_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
        data-testid="post-image-input"
        onChange={(e) => void upload(e)}
      />
    </>
  );
}

/**
 * Spec §2 business-page/{id}/create-post and business-page/{id}/post/{postId}: the post editor (bold,
 * italic, lists, links, up to 10 uploaded images; the server sanitises the HTML), saved as a draft,
 * scheduled in Vietnam time or published now; on an existing post also its reactions and comments.
 */
export default function PostEditorPage() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const navigate = useNavigate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const { id = '', postId: postParam } = useParams();
  const pageId = Number(id);
  const postId = postParam ? Number(postParam) : undefined;
  const { data: post, isPending, isError } = useQuery({
    queryKey: contentKey('post', pageId, postId),
    queryFn: () => api.getPagePost(pageId, postId!),
    enabled: postId !== undefined,
  });
  const submit = async (values: Values) => {
    try {
      const saved = await api.savePagePost(pageId, toBody(values), postId);
      await queryClient.invalidateQueries({ queryKey: contentKey() });
      if (!postId) navigate(pathOf('page-post', 'page', { id: pageId, postId: saved.id }));
    } catch {
      // The httpClient has shown the server's message; the form keeps what was typed.
    }
  };
  const title = translate(postId ? `${R}.editor.editTitle` : `${R}.editor.createTitle`);
  if (postId !== undefined && isPending) return <PageLoader />;
  if (postId !== undefined && (isError || !post)) return <Alert severity="error" sx={{ mt: 2 }}>{translate(`${R}.loadFailed`)}</Alert>;
  const out = post?.status === 'PUBLISHED' || post?.status === 'HIDDEN';
  const statuses = out ? (['PUBLISHED'] as const) : POST_SAVE_STATUSES;
  const defaults = post
    ? { bodyHtml: post.bodyHtml, status: out ? 'PUBLISHED' : post.status, scheduledAt: post.scheduledAt ? vietnamMinuteOf(new Date(post.scheduledAt)) : '' }
    : { bodyHtml: '', status: 'DRAFT', scheduledAt: '' };
  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 900 }}>
      <Title title={title} />
      {post && (
        <div>
          <PostStatusChip status={post.status} />
        </div>
      )}
      {post && <PostFigures post={post} />}
      <Card variant="outlined">
        <CardContent>
          <Form key={post?.updatedAt ?? 'new'} onSubmit={submit} validate={validate} defaultValues={defaults} resource="content-posts">
            <Stack spacing={1}>
              <RichTextInput
                source="bodyHtml"
                label={translate(`${R}.editor.body`)}
                fullWidth
                toolbar={
                  <RichTextInputToolbar>
                    <FormatButtons size="small" />
                    <ListButtons size="small" />
                    <LinkButtons size="small" />
                    <UploadImageButton pageId={pageId} />
                  </RichTextInputToolbar>
                }
              />
              <Typography variant="caption" color="text.secondary">
                {translate(`${R}.editor.imagesHelp`, { max: CONTENT_LIMITS.maxPostImages })}
              </Typography>
              <RadioButtonGroupInput
                source="status"
                label={translate(`${R}.editor.status`)}
                choices={statuses.map((s) => ({ id: s, name: `${R}.editor.statusChoices.${s}` }))}
              />
              <FormDataConsumer>
                {({ formData }) => (formData.status === 'SCHEDULED' ? <VietnamMinuteInput source="scheduledAt" helperText="resources.content-management.editor.scheduleHelp" future /> : null)}
              </FormDataConsumer>
              <div>
                <SaveButton label={translate(`${R}.editor.save`)} alwaysEnable={!postId} />
              </div>
            </Stack>
          </Form>
        </CardContent>
      </Card>
      {post && <PostComments pageId={pageId} post={post} />}
    </Stack>
  );
}

function PostFigures({ post }: { post: PostSummary }) {
  const translate = useTranslate();
  const lng = getLanguage();
  return (
    <Typography variant="body2" color="text.secondary" data-testid="post-figures">
      {translate(`${R}.editor.figures`, { reactions: formatNumber(post.reactions, lng), comments: formatNumber(post.comments, lng) })}
    </Typography>
  );
}
