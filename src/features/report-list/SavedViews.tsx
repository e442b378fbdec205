import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import GroupRemoveOutlined from '@mui/icons-material/GroupRemoveOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { VIEW_NAME_MAX } from '@/domain/transactionReport';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import type { SavedView } from '@/dataProvider/api/report-views';

/**
 * Named views (filter + columns) of a report list: the user's own and those a teammate shared with the
 * merchant team. Choosing one applies it; saving stores the current filter and columns.
 */
export function SavedViews({
  report,
  current,
  onApply,
}: {
  report: string;
  current: { filter: unknown; columns: string[] };
  onApply: (view: SavedView) => void;
}) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const api = usePortalApi();
  const titleId = useId();
  const [chosen, setChosen] = useState<number | ''>('');
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const key = ['portal', 'report-views', report];
  const { data: views = [] } = useQuery({ queryKey: key, queryFn: () => api.listReportViews(report) });
  const create = useMutation({
    mutationFn: () => api.createReportView(report, { name, filter: current.filter, columns: current.columns, shared }),
    onSuccess: (view) => {
      void queryClient.invalidateQueries({ queryKey: key });
      setChosen(view.id);
      setSaving(false);
      setName('');
      setShared(false);
      setSaveError(null);
    },
    onError: (error) => setSaveError(error instanceof Error && error.message ? error.message : translate('portal.http.error')),
  });
  // Share with the merchant team, or take it back: the same view, only `shared` changes.
  const toggleShare = useMutation({
    mutationFn: (view: SavedView) =>
      api.updateReportView(report, view.id, { name: view.name, filter: view.filter, columns: view.columns, shared: !view.shared }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.deleteReportView(report, id),
    onSuccess: () => {
      setChosen('');
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const chosenView = views.find((v) => v.id === chosen);
  const nameError = name.length > VIEW_NAME_MAX;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={translate('portal.reports.views.label')}
        value={chosen}
        sx={{ minWidth: 200 }}
        onChange={(e) => {
          const view = views.find((v) => v.id === Number(e.target.value));
          setChosen(view ? view.id : '');
        }}
      >
        <MenuItem value="">{translate('portal.reports.views.none')}</MenuItem>
        {views.map((view) => (
          // Applied on click, not on change: choosing the view already shown (after the filter was
          // changed since) must apply it again, and the select reports no change for it.
          <MenuItem key={view.id} value={view.id} onClick={() => onApply(view)}>
            <ListItemText
              primary={view.name}
              secondary={view.mine ? (view.shared ? translate('portal.reports.views.sharedByMe') : null) : translate('portal.reports.views.sharedBy', { name: view.ownerName ?? '' })}
            />
          </MenuItem>
        ))}
      </TextField>
      {chosenView?.mine ? (
        <>
          <IconButton
            aria-label={translate(chosenView.shared ? 'portal.reports.views.unshareOne' : 'portal.reports.views.shareOne', { name: chosenView.name })}
            aria-pressed={chosenView.shared}
            disabled={toggleShare.isPending}
            onClick={() => toggleShare.mutate(chosenView)}
          >
            {chosenView.shared ? <GroupRemoveOutlined /> : <GroupAddOutlined />}
          </IconButton>
          <IconButton aria-label={translate('portal.reports.views.delete', { name: chosenView.name })} onClick={() => remove.mutate(chosenView.id)}>
            <DeleteOutline />
          </IconButton>
        </>
      ) : null}
      <Button size="small" startIcon={<BookmarkAddOutlined />} onClick={() => setSaving(true)}>
        {translate('portal.reports.views.save')}
      </Button>
      <Dialog open={saving} onClose={() => setSaving(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{translate('portal.reports.views.save')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('portal.reports.views.name')}
            value={name}
            error={nameError || saveError !== null}
            helperText={nameError ? translate('validation.invalid') : (saveError ?? undefined)}
            onChange={(e) => {
              setName(e.target.value);
              setSaveError(null);
            }}
          />
          <FormControlLabel
            control={<Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} />}
            label={translate('portal.reports.views.share')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSaving(false)}>{translate('portal.confirm.cancel')}</Button>
          <Button variant="contained" disabled={!name.trim() || nameError || create.isPending} onClick={() => create.mutate()}>
            {translate('portal.reports.views.saveButton')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
