// What the page shows when the simulator core cannot serve it (it could not be loaded, lacks
// functions the page calls, or describes another version): what failed and what to do, in
// place of the panels, which without the core's parameter specs would be empty and say nothing.
import type { CoreFailure } from '../run/simController';

const STAGE: Record<CoreFailure['stage'], string> = {
  load: 'The simulator could not be loaded',
  abi: 'The simulator core does not match this page',
  describe: 'The simulator core could not describe its parameters',
  version: 'The simulator core does not match this page',
};

export function CoreFailed({ failure, embed }: { failure: CoreFailure; embed: boolean }) {
  return (
    <div className={`app${embed ? ' embed' : ''}`}>
      {embed ? null : (
        <header className="app-head">
          <h1>Bottleneck Lab</h1>
        </header>
      )}
      <section
        className="panel notice error core-failed"
        role="alert"
        data-testid="core-failed"
        data-stage={failure.stage}
      >
        <h2>{STAGE[failure.stage]}</h2>
        <p>
          <strong>What failed: </strong>
          <span data-testid="core-failed-error">{failure.error}</span>
        </p>
        <p>
          <strong>What to do: </strong>
          {failure.advice}
        </p>
        <p>
          <button type="button" onClick={() => location.reload()}>
            Reload the page
          </button>
        </p>
      </section>
    </div>
  );
}
