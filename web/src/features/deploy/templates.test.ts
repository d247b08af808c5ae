import { decodeDeployData, type Abi, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import compiled from '../../../../config/deploy-templates.json';
import { deployData, validateFields } from './templates';

describe('deploy templates', () => {
  it('accepts a valid ERC-20 and refuses each bad field with its reason', () => {
    expect(validateFields('erc20', { name: 'Perch Test', symbol: 'ptst', supply: '1000000' })).toEqual({});
    expect(validateFields('erc20', {})).toEqual({ name: 'required', symbol: 'required', supply: 'required' });
    expect(validateFields('erc20', { name: 'x'.repeat(51), symbol: 'P-T', supply: '1.5' })).toEqual({
      name: 'tooLong',
      symbol: 'symbol',
      supply: 'wholeNumber',
    });
    expect(validateFields('erc20', { name: 'a', symbol: 'TOOLONGSYMBOL', supply: '0' })).toEqual({ symbol: 'symbol', supply: 'range' });
    expect(validateFields('erc721', { name: 'Owls', symbol: 'OWL', maxSupply: '1000000001' })).toEqual({ maxSupply: 'range' });
    expect(validateFields('hello', { message: '  ' })).toEqual({ message: 'required' });
  });

  it('encodes the template bytecode followed by the constructor arguments', () => {
    const data = deployData('erc20', { name: ' Perch Test ', symbol: 'ptst', supply: '1000000' });
    const erc20 = compiled.templates.find((t) => t.id === 'erc20')!;
    expect(data.startsWith(erc20.bytecode)).toBe(true);
    const decoded = decodeDeployData({ abi: erc20.abi as Abi, bytecode: erc20.bytecode as Hex, data });
    expect(decoded.args).toEqual(['Perch Test', 'PTST', 1000000n]);
  });
});
