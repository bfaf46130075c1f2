import { describe, expect, it } from 'vitest';
import { assetsMatching } from '../../contract/assets';
import { unverifiedAfterTheirLookAlikes } from '../features/purchases/repository';
import { resolveAsset } from './resolve-asset';
import { closeSnapshotMatches, createSnapshotSources, searchSnapshot } from './sources/snapshot';

// The right asset: one name means one asset, or the buyer picks; typos get "did you mean".

describe('asset matching', () => {
  it('suggests Ethereum first for "Etherium"', () => {
    expect(closeSnapshotMatches('Etherium', 5)[0]?.id).toBe('ethereum');
  });

  it('never resolves "Luna" silently: Terra and Terra Luna Classic both match', () => {
    const ids = assetsMatching('Luna', searchSnapshot('Luna', 25)).map((a) => a.id);
    expect(ids.sort()).toEqual(['terra-luna', 'terra-luna-2']);
  });

  it('resolves an exact name to that one asset even when other names contain it', () => {
    expect(assetsMatching('Bitcoin', searchSnapshot('Bitcoin', 25)).map((a) => a.id)).toEqual(['bitcoin']);
    expect(assetsMatching('Cardano', searchSnapshot('Cardano', 25)).map((a) => a.id)).toEqual(['cardano']);
    expect(assetsMatching('ETH', searchSnapshot('ETH', 25)).map((a) => a.id)).toEqual(['ethereum']);
  });

  it('offers nothing for a name far from every known asset', () => {
    expect(closeSnapshotMatches('Quantum Hedgehog Coin', 5)).toEqual([]);
  });

  // The review's probes: each of these reads as "Bitcoin" on the page, so each is Bitcoin.
  const BITCOIN_LOOK_ALIKES = {
    'a combining letter c over the t (U+0368)': 'Bit\u0368coin',
    'a combining acute and a dot below between letters': 'Bi\u0301tc\u0323oin',
    'a Cyrillic combining mark (U+0483) and an enclosing circle (U+20DD)': 'Bit\u0483co\u20DDin',
    'a Hebrew point and an Arabic fatha between Latin letters': 'Bitc\u05B4oi\u064En',
    'Cyrillic homoglyphs (В, і, о)': '\u0412\u0456tc\u043Ein',
    'Greek homoglyphs (Β, ο)': '\u0392itc\u03BFin',
    'a Greek capital with a combining mark': '\u0392it\u0368coin',
    'full-width letters': '\uFF22itcoin',
    'a zero-width joiner (the contract refuses it; resolving never makes it a new asset)': 'Bit\u200Dcoin',
  };
  for (const [what, name] of Object.entries(BITCOIN_LOOK_ALIKES)) {
    it(`resolves ${what} to Bitcoin, never to a new asset`, async () => {
      const asset = await resolveAsset(createSnapshotSources(), { assetName: name });
      expect(asset?.id).toBe('bitcoin');
    });
  }

  it('still treats a legitimate name in another script, marks and all, as its own (unknown) asset', async () => {
    for (const name of ['ビットコイン', 'बिटकॉइन', 'Café Coin', 'Ελληνικό νόμισμα', 'Рубль']) {
      expect(await resolveAsset(createSnapshotSources(), { assetName: name }), name).toBeNull();
    }
  });

  it('lists a report on a marked-up "Bitcoin" below the real one, however new it is', () => {
    const listed = unverifiedAfterTheirLookAlikes([
      { asset_name: 'Bit\u0368coin', name_verified: false },
      { asset_name: 'Ethereum', name_verified: true },
      { asset_name: 'Bitcoin', name_verified: true },
    ]);
    expect(listed.map((item) => item.asset_name)).toEqual(['Ethereum', 'Bitcoin', 'Bit\u0368coin']);
  });
});
