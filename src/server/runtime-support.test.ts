import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The README promises the Node versions `engines` names. npm only warns when a dependency asks
// for more (cookie@2 and content-disposition@3 wanted Node 22), so this keeps the promise true:
// every locked package must accept every Node version our range accepts.

const root = (file: string): string => fileURLToPath(new URL(`../../${file}`, import.meta.url));

interface LockPackage {
  readonly version?: string;
  readonly engines?: { readonly node?: string } | readonly string[];
}

const pkg = JSON.parse(readFileSync(root('package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(root('package-lock.json'), 'utf8')) as {
  packages: Record<string, LockPackage>;
};
const ours = pkg.engines.node;

describe('supported Node versions', () => {
  it('are the same in package.json, the lock file and the README', () => {
    expect(lock.packages['']?.engines).toEqual({ node: ours });
    const readme = readFileSync(root('README.md'), 'utf8');
    // One branch per major line: its lowest version is what the README must name.
    for (const branch of ours.split('||')) {
      const lowest = semver.minVersion(branch.trim());
      expect(lowest, branch).not.toBeNull();
      const { major, minor } = lowest!;
      expect(readme, `README names Node ${major}.${minor}`).toMatch(
        minor === 0 ? new RegExp(`\\b${major}\\b and later`) : new RegExp(`\\b${major}\\.${minor}\\+`),
      );
    }
  });

  it('are accepted by every locked dependency', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : (entry.engines as { node?: string })?.node;
        if (wanted === undefined || semver.subset(ours, wanted)) return [];
        return [`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} wants node ${wanted}`];
      });
    expect(refusing).toEqual([]);
  });
});
