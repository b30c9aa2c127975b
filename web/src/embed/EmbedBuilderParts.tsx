// The embed builder's pure parts: the course page's origin (checked as it is typed) and the
// live preview's frame, scaled to fit the dialog.
import { type RefObject, useState } from 'react';
import { courseOrigin } from './embedCode';

/** The origin the embed obeys and reports to; `onOrigin` hears each valid one ('' for none). */
export function CourseOriginField({ onOrigin }: { onOrigin: (origin: string) => void }) {
  const [hostText, setHostText] = useState('');
  const hostCheck = courseOrigin(hostText);
  return (
    <div className={`param${hostCheck.ok ? '' : ' invalid'}`}>
      <label htmlFor="embed-host">Course page origin</label>
      <span className="param-input">
        <input
          id="embed-host"
          type="text"
          className="txt"
          value={hostText}
          placeholder="https://course.example"
          aria-describedby="embed-host-help"
          aria-invalid={hostCheck.ok ? undefined : true}
          onChange={(e) => {
            setHostText(e.target.value);
            const r = courseOrigin(e.target.value);
            if (r.ok) onOrigin(r.origin ?? '');
          }}
        />
      </span>
      <span id="embed-host-help" className="muted small">
        {hostCheck.ok
          ? hostCheck.origin
            ? `The embed obeys messages from ${hostCheck.origin} only, and sends its height and replies there (&host= in the link).`
            : 'The address of the page that will frame the simulation. Named, the embed obeys messages from that origin only; left empty, from whatever page frames it.'
          : null}
      </span>
      {hostCheck.ok ? null : (
        <span className="param-error" role="alert">
          {hostCheck.message}
        </span>
      )}
    </div>
  );
}

/** The preview: the embed at its own size in an iframe, shown at `scale`. */
export function EmbedPreviewFrame({
  boxRef,
  frameRef,
  url,
  width,
  height,
  scale,
}: {
  boxRef: RefObject<HTMLDivElement | null>;
  frameRef: RefObject<HTMLIFrameElement | null>;
  url: string;
  width: number;
  height: number;
  scale: number;
}) {
  return (
    <div className="embed-preview" ref={boxRef}>
      <p className="muted small" data-testid="embed-preview-size">
        Preview at {width} x {Math.round(height)} px
        {scale < 1 ? `, shown at ${Math.round(scale * 100)} %` : ''}
      </p>
      <div style={{ width: width * scale, height: height * scale, overflow: 'hidden' }}>
        <iframe
          ref={frameRef}
          key={url}
          src={url}
          title="Embed preview"
          width={width}
          height={height}
          // An outline, not a border: a border would take 2 px from the page's height, and
          // with auto height the frame would shrink by 2 px at every report.
          style={{
            border: 0,
            outline: '1px solid var(--border)',
            transform: `scale(${scale})`,
            transformOrigin: '0 0',
          }}
        />
      </div>
    </div>
  );
}
