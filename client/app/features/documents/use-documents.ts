import { keepPreviousData, skipToken, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { DOCUMENT_LIMITS, type DocumentFilter, type DocumentList } from '#shared/schemas/document.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { httpStatusOf } from '../../../lib/api-request.ts';
import { refreshAfter } from '../../../lib/refresh-map.ts';
import { useSelectedChildId } from '../../child-context.tsx';
import { trpc } from '../../trpc/trpc.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { fetchFileBlob } from '../../hooks/file-blob.ts';
import { fileProblem } from './document-files.ts';
import { isRefusal, sendFile, documentsUrl, UploadCancelled, type UploadHandle } from './upload-request.ts';
import { toStart, uploadQueueReducer } from './upload-queue.ts';

export type ListFilter = Partial<Pick<DocumentFilter, 'category' | 'schoolYear' | 'tag' | 'q'>>;

/** The listed documents whose text and thumbnail are still being made. */
export function pendingIds(list: DocumentList | undefined): number[] {
  return (list?.items ?? []).filter((item) => item.processing === 'pending').map((item) => item.id);
}

/** True when a document shown as being read is not among those the server still reads: the list is out of date. */
export function finishedSince(shownPending: readonly number[], stillPending: readonly number[]): boolean {
  return shownPending.some((id) => !stillPending.includes(id));
}

/** The selected child's documents matching `filter`, newest first (best match first when searching). */
export function useDocumentList(filter: ListFilter) {
  const childId = useSelectedChildId();
  const list = trpc.documents.list.useQuery(
    // childId is passed, not left to the link: each child's list is then cached under its own key.
    { childId: childId ?? 0, filter: { ...filter, limit: DOCUMENT_LIMITS.pageSize, offset: 0 } },
    { enabled: childId !== null, placeholderData: keepPreviousData },
  );
  useProcessingUpdates(childId, pendingIds(list.data));
  return list;
}

/**
 * While a listed file is being read, the server says when that ends (SPEC §9: no polling; decision
 * 0093), and the vault is read again. The stream's first answer is the state as of then, also after it
 * reconnected by itself, so nothing that ended meanwhile is missed; while it is down the list keeps
 * what it shows.
 */
function useProcessingUpdates(childId: number | null, shownPending: readonly number[]) {
  const utils = trpc.useUtils();
  trpc.documents.watchProcessing.useSubscription(childId !== null && shownPending.length > 0 ? { childId } : skipToken, {
    onData: ({ pending }) => {
      if (finishedSince(shownPending, pending)) void utils.documents.invalidate();
    },
  });
}

export function useDocumentFacets() {
  const childId = useSelectedChildId();
  return trpc.documents.facets.useQuery({ childId: childId ?? 0 }, { enabled: childId !== null });
}

export function useDocument(id: number | null) {
  const childId = useSelectedChildId();
  return trpc.documents.byId.useQuery({ childId: childId ?? 0, id: id ?? 0 }, { enabled: childId !== null && id !== null && id > 0 });
}

/** The parent's storage meter (all children together). */
export function useStorageUsage() {
  return trpc.documents.usage.useQuery();
}

/** The child's goals, to link a document to them as evidence. */
export function useGoalOptions() {
  return trpc.goals.list.useQuery();
}

/* What a change refreshes is the refresh map's business (client/lib/refresh-map.ts); these say what happened. */

export function useUpdateDocument() {
  const { toast } = useToast();
  return trpc.documents.update.useMutation({
    onSuccess: (document) => toast({ title: 'Document saved', description: `"${document.title}"`, variant: 'success' }),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return trpc.documents.delete.useMutation({
    onSuccess: ({ id, exportsWithdrawn }) => {
      // Gone from every cached list at once, before the refetch.
      queryClient.setQueriesData<DocumentList>({ queryKey: [['documents', 'list']] }, (data) =>
        data ? { items: data.items.filter((item) => item.id !== id), total: Math.max(0, data.total - 1) } : data,
      );
      toast({
        title: 'Document deleted',
        description:
          exportsWithdrawn > 0 ? 'Your earlier data export held it, so it was withdrawn: start a new one in Settings.' : undefined,
      });
    },
  });
}

let nextKey = 0;

/**
 * The upload queue: files are checked, sent two at a time with progress, and can be cancelled or
 * tried again. Uploads go over REST, so this refreshes what the vault shows itself once one lands.
 */
export function useUploadQueue() {
  const childId = useSelectedChildId();
  const usage = useStorageUsage();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [items, dispatch] = useReducer(uploadQueueReducer, []);
  const handles = useRef(new Map<string, UploadHandle>());
  // The effect below may run again before the reducer has seen its 'start': each file is sent once.
  const started = useRef(new Set<string>());
  const refetchUsage = useRef(usage.refetch);
  useEffect(() => {
    refetchUsage.current = usage.refetch;
  });

  const add = useCallback(
    (files: readonly File[], replaces?: number) => {
      dispatch({
        type: 'add',
        items: files.map((file) => {
          nextKey += 1;
          return { key: `upload-${nextKey}`, file, problem: fileProblem(file, usage.data), ...(replaces ? { replaces } : {}) };
        }),
      });
    },
    [usage.data],
  );

  useEffect(() => {
    if (childId === null) return;
    for (const item of toStart(items)) {
      if (started.current.has(item.key)) continue;
      started.current.add(item.key);
      dispatch({ type: 'start', key: item.key });
      const handle = sendFile({
        method: item.replaces ? 'PUT' : 'POST',
        url: item.replaces ? documentsUrl(childId, item.replaces, 'content') : documentsUrl(childId),
        file: item.file,
        onProgress: (loaded, total) => dispatch({ type: 'progress', key: item.key, loaded, total }),
      });
      handles.current.set(item.key, handle);
      handle.done
        .then((document) => {
          dispatch({ type: 'done', key: item.key, documentId: document.id });
          // An upload changes what an edit does (the list, facets, meter, goals' evidence).
          refreshAfter(queryClient, 'documents.update');
          if (item.replaces)
            toast({ title: 'File replaced', description: `"${document.title}" now holds ${item.file.name}.`, variant: 'success' });
        })
        .catch((error: unknown) => {
          if (error instanceof UploadCancelled) return;
          dispatch({
            type: 'failed',
            key: item.key,
            error: error instanceof Error ? error.message : 'The file could not be added.',
            refused: isRefusal(error),
          });
          // A refusal for lack of space means the meter is out of date.
          void refetchUsage.current();
        })
        .finally(() => {
          handles.current.delete(item.key);
          started.current.delete(item.key);
        });
    }
  }, [items, childId, queryClient, toast]);

  // Leaving the screen stops what is still going up: nothing half-sent is kept.
  useEffect(() => {
    const running = handles.current;
    return () => {
      for (const handle of running.values()) handle.cancel();
    };
  }, []);

  const cancel = useCallback((key: string) => {
    handles.current.get(key)?.cancel();
    dispatch({ type: 'remove', key });
  }, []);

  return {
    items,
    add,
    cancel,
    retry: (key: string) => dispatch({ type: 'retry', key }),
    dismiss: (key: string) => dispatch({ type: 'remove', key }),
    /** The limit to show before a file is chosen (undefined until the meter has loaded). */
    maxFileBytes: usage.data?.maxFileBytes,
  };
}

/**
 * The current title of each of the documents (the files the queue added): null once the document is
 * gone. Read again whenever documents change (the refresh map's `documents.byId`), so the queue's list
 * follows a rename or a deletion.
 */
export function useCurrentTitles(ids: readonly number[]): ReadonlyMap<number, string | null> {
  const childId = useSelectedChildId();
  const results = trpc.useQueries((t) => ids.map((id) => t.documents.byId({ childId: childId ?? 0, id }, { enabled: childId !== null })));
  const titles = new Map<number, string | null>();
  ids.forEach((id, index) => {
    const result = results[index];
    // A failed refetch keeps the last data: the error is read first.
    if (result?.error && (httpStatusOf(result.error) === 404 || result.error.data?.code === 'NOT_FOUND')) titles.set(id, null);
    else if (result?.data) titles.set(id, result.data.title);
  });
  return titles;
}

/** The document's earlier files (kept when its file was replaced), read once the list is opened. */
export function useDocumentVersions(id: number, enabled: boolean) {
  const childId = useSelectedChildId();
  return trpc.documents.versions.useQuery({ childId: childId ?? 0, id }, { enabled: enabled && childId !== null });
}

/** Downloads an earlier file of a document under its own name; says so in a toast when it fails. */
export function useDownloadVersion() {
  const childId = useSelectedChildId();
  const { toast } = useToast();
  return useCallback(
    async (version: { id: number; documentId: number; fileName: string }) => {
      if (childId === null) return;
      try {
        saveBlob(
          await fetchFileBlob(`/api/documents/${version.documentId}/versions/${version.id}/content?childId=${childId}`),
          version.fileName,
        );
      } catch {
        toast({ title: 'The download did not start', description: 'Check your connection and try again.', variant: 'destructive' });
      }
    },
    [childId, toast],
  );
}

/** Downloads a document's original file under its original name; says so in a toast when it fails. */
export function useDownloadDocument() {
  const childId = useSelectedChildId();
  const { toast } = useToast();
  return useCallback(
    async (document: { id: number; fileName: string }) => {
      if (childId === null) return;
      try {
        saveBlob(await fetchFileBlob(documentsUrl(childId, document.id, 'content', true)), document.fileName);
      } catch {
        toast({ title: 'The download did not start', description: 'Check your connection and try again.', variant: 'destructive' });
      }
    },
    [childId, toast],
  );
}
