import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { SoftBreaks } from './soft-breaks.tsx';

describe('SoftBreaks', () => {
  it('lets an e-mail address wrap only before its @ and its dots, and reads the same', () => {
    const { container } = render(<SoftBreaks text="Call imports@harrogate-hg.example about week 48" />);
    expect(container.textContent).toBe('Call imports@harrogate-hg.example about week 48');
    expect(container.querySelector('span')!.innerHTML).toBe('Call imports<wbr>@harrogate-hg<wbr>.example about week 48');
  });

  it('leaves text without an address as it is (a dot in a name is no break)', () => {
    const { container } = render(<SoftBreaks text="Shenzhen Brightstar Lighting Co., Ltd" />);
    expect(container.querySelector('wbr')).toBeNull();
    expect(container.textContent).toBe('Shenzhen Brightstar Lighting Co., Ltd');
  });
});
