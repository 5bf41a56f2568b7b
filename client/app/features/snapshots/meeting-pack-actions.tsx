import { useState } from 'react';
import type { MeetingPack, SnapshotPaper } from '#shared/schemas/snapshot.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert, SelectField } from '../../components/form-field.tsx';
import { browserPaper, PAPER_LABELS, PAPERS } from '../../../components/snapshot/paper.ts';
import { useMeetingPackPdf } from './use-meeting-pack.ts';

export interface MeetingPackActionsProps {
  /** The pack on screen: the PDF is made for its period. Null while there is none to download. */
  pack: MeetingPack | null;
  /** "Print" is offered: FLAG_PDF_PRINT_STYLES is on and the document is on screen with its print stylesheet. */
  printable: boolean;
}

/**
 * The pack as a PDF on Letter or A4 (the paper the browser's language suggests first), and "Print"
 * when the screen offers it (FLAG_PDF_PRINT_STYLES on, decision 0107); off, the PDF is the printable copy.
 */
export function MeetingPackActions({ pack, printable }: MeetingPackActionsProps) {
  const [paper, setPaper] = useState<SnapshotPaper>(browserPaper);
  const { download, downloading, error } = useMeetingPackPdf();
  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40 max-w-full">
          <SelectField
            id="meeting-pack-paper"
            label="Paper"
            value={paper}
            onChange={(event) => setPaper(event.target.value as SnapshotPaper)}
          >
            {PAPERS.map((size) => (
              <option key={size} value={size}>
                {PAPER_LABELS[size]}
              </option>
            ))}
          </SelectField>
        </div>
        <Button loading={downloading} disabled={pack === null} onClick={() => pack && void download(pack, paper)}>
          Download PDF
        </Button>
        {printable ? (
          <Button variant="outline" disabled={pack === null} onClick={() => window.print()}>
            Print
          </Button>
        ) : null}
      </div>
      <FormAlert>{error}</FormAlert>
    </div>
  );
}
