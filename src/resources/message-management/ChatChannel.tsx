import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { PageLoader } from '@/components/PageLoader';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import { chatChannelSchema, MESSAGE_SETTINGS_LIMITS, normaliseWord, WHO_CAN_START, type ChatChannelInput } from '@/domain/messageSettings';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { M, mmKey, ScreenHeader, useMessagePage } from './shared';

const C = `${M}.channel`;

/** Spec §2 message-management/{id}/setting-chat-channel: chat on or off, who may start a chat, blocked words. */
export default function ChatChannel() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const { pageId, page } = useMessagePage();
  const saved = useQuery({ queryKey: mmKey('channel', pageId), queryFn: () => api.chatChannel(pageId) });
  const [draft, setDraft] = useState<ChatChannelInput | null>(null);
  const [word, setWord] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);
  const mayEdit = page?.canConfigure ?? false;

  const addWord = () => {
    if (!draft || word.trim() === '') return;
    if (draft.blockedWords.some((w) => normaliseWord(w) === normaliseWord(word))) {
      setErrors({ blockedWords: translate('validation.messageSettings.blockedWordsDuplicate') });
      return;
    }
    setErrors({});
    setDraft({ ...draft, blockedWords: [...draft.blockedWords, word.trim()] });
    setWord('');
  };
  const save = async () => {
    if (!draft) return;
    const found = translateErrors(schemaErrors(chatChannelSchema, draft, { depth: 'input' }), translate);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await api.saveChatChannel(pageId, chatChannelSchema.parse(draft));
      notify(translate(`${M}.saved`), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: mmKey('channel', pageId) });
    } catch {
      // The httpClient has shown the server's message.
    }
  };

  return (
    <>
      <ScreenHeader resource="message-chat-channel" page={page} />
      {saved.isPending && <PageLoader />}
      {saved.isError && <Alert severity="error">{translate(`${M}.loadFailed`)}</Alert>}
      {draft && (
        <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <Stack spacing={2}>
              {!mayEdit && <Alert severity="info">{translate(`${M}.readOnly`)}</Alert>}
              <FormControlLabel
                control={<Switch checked={draft.chatEnabled} disabled={!mayEdit} onChange={(e) => setDraft({ ...draft, chatEnabled: e.target.checked })} />}
                label={translate(`${C}.chatEnabled`)}
              />
              <TextField
                select
                label={translate(`${C}.whoCanStart`)}
                value={draft.whoCanStart}
                disabled={!mayEdit}
                onChange={(e) => setDraft({ ...draft, whoCanStart: e.target.value as ChatChannelInput['whoCanStart'] })}
              >
                {WHO_CAN_START.map((w) => (
                  <MenuItem key={w} value={w}>
                    {translate(`${C}.who.${w}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  size="small"
                  label={translate(`${C}.newWord`)}
                  value={word}
                  disabled={!mayEdit}
                  onChange={(e) => setWord(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      addWord();
                    }
                  }}
                  error={!!errors.blockedWords}
                  helperText={errors.blockedWords ?? translate(`${C}.wordsHelp`)}
                  slotProps={{ htmlInput: { maxLength: MESSAGE_SETTINGS_LIMITS.blockedWordMaxLength } }}
                />
                <Button variant="outlined" onClick={addWord} disabled={!mayEdit || draft.blockedWords.length >= MESSAGE_SETTINGS_LIMITS.blockedWordsMax}>
                  {translate(`${C}.addWord`)}
                </Button>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} aria-label={translate(`${C}.blockedWords`)} role="list">
                {draft.blockedWords.length === 0 && <Chip role="listitem" label={translate(`${C}.noWords`)} variant="outlined" />}
                {draft.blockedWords.map((w) => (
                  <Chip
                    key={w}
                    role="listitem"
                    label={w}
                    onDelete={mayEdit ? () => setDraft({ ...draft, blockedWords: draft.blockedWords.filter((x) => x !== w) }) : undefined}
                    aria-label={translate(`${C}.removeWord`, { word: w })}
                  />
                ))}
              </Stack>
              {mayEdit && (
                <Box>
                  <Button type="submit" variant="contained">
                    {translate(`${M}.save`)}
                  </Button>
                </Box>
              )}
            </Stack>
          </Box>
        </Paper>
      )}
    </>
  );
}
