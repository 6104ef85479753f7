import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';
import { onSessionEnded } from '../../lib/api-client';
import { i18n } from '../../lib/i18n/i18n';
import { messages as en } from '../../lib/i18n/catalogues/en';
import { messages as hi } from '../../lib/i18n/catalogues/hi';
import { ImageUploader } from './image-uploader';

const STORED = '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9.jpg';
const OTHER = '1a2b3c4d-5e6f-4708-9192-a3b4c5d6e7f8.jpg';

/** Stands in for XMLHttpRequest so a test decides when an upload progresses and how it ends. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  body: FormData | undefined;
  status = 0;
  responseText = '';
  withCredentials = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  readonly headers: Record<string, string> = {};
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(): string | null {
    return null;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
}

async function nextUpload(): Promise<FakeXhr> {
  await vi.waitFor(() => {
    if (FakeXhr.sent.length === 0) throw new Error('no upload sent yet');
  });
  const xhr = FakeXhr.sent.shift();
  if (!xhr) throw new Error('no upload');
  return xhr;
}

function Harness({ initial = [], onChange }: { initial?: string[]; onChange?: (names: string[]) => void }) {
  const [names, setNames] = useState(initial);
  return (
    <ImageUploader
      label="Animal Pictures"
      fieldName="AnimalPictures"
      ngoId={2}
      value={names}
      onChange={(next) => {
        setNames(next);
        onChange?.(next);
      }}
    />
  );
}

const photo = () => new File(['jpeg-bytes'], 'dog.jpg', { type: 'image/jpeg' });

describe('ImageUploader', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('names its buttons and images in Hindi, the label coming from the form', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    const { user } = renderWithProviders(
      <ImageUploader label="पशु की फ़ोटो" fieldName="AnimalPictures" ngoId={2} value={[OTHER, STORED]} onChange={vi.fn()} />,
    );

    expect(screen.getByRole('button', { name: 'फ़ोटो खींचें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'गैलरी से चुनें' })).toBeTruthy();
    expect(screen.getByLabelText('पशु की फ़ोटो: फ़ोटो खींचें')).toBeTruthy();
    expect(screen.getByAltText('पशु की फ़ोटो 2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'पशु की फ़ोटो: फ़ोटो 2 हटाएँ' }));
    const dialog = await screen.findByRole('dialog', { name: 'फ़ोटो हटाएँ?' });
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'बंद करें' })).toBeTruthy();
  });

  it('offers the back camera and the gallery, both for images only', () => {
    renderWithProviders(<Harness />);
    const camera = screen.getByLabelText<HTMLInputElement>('Take photo for Animal Pictures');
    const gallery = screen.getByLabelText<HTMLInputElement>('Choose Animal Pictures from gallery');

    expect(camera.accept).toBe('image/*');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(gallery.accept).toBe('image/*');
    expect(gallery.hasAttribute('capture')).toBe(false);
    expect(gallery.multiple).toBe(true);
    expect(screen.getByText('No images yet.')).toBeTruthy();
  });

  it("uploads a photo for the record's NGO with a progress bar, then adds the stored name", async () => {
    const changed = vi.fn();
    const { user } = renderWithProviders(<Harness initial={[OTHER]} onChange={changed} />);

    await user.upload(screen.getByLabelText('Choose Animal Pictures from gallery'), photo());
    const xhr = await nextUpload();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/image/createImage');
    expect(xhr.body?.get('fieldName')).toBe('AnimalPictures');
    expect(xhr.body?.get('ngoId')).toBe('2');
    expect(xhr.body?.get('image')).toBeInstanceOf(File);
    // Should its answer be lost, the photo is queued under this key and stored once (decision 011).
    expect(xhr.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);

    xhr.progress(50, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading dog.jpg' });
    await vi.waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));

    xhr.respond(200, { data: STORED });
    const thumbnail = await screen.findByAltText('Animal Pictures 2');
    expect(thumbnail.getAttribute('src')).toBe(`/api/image/getImage/2/${STORED}?w=192`);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(changed).toHaveBeenLastCalledWith([OTHER, STORED]);
  });

  it("shows the server's message when an upload fails, and keeps the photo for a retry", async () => {
    const changed = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={changed} />);

    await user.upload(screen.getByLabelText('Take photo for Animal Pictures'), photo());
    (await nextUpload()).respond(413, { message: 'The image is larger than 10 MB.' });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The image is larger than 10 MB.')).toBeTruthy();
    expect(changed).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Retry uploading dog.jpg' }));
    (await nextUpload()).respond(200, { data: STORED });
    expect(await screen.findByAltText('Animal Pictures 1')).toBeTruthy();
    expect(changed).toHaveBeenLastCalledWith([STORED]);
  });

  it('ends the session when an upload is answered 401, as any other call does', async () => {
    const ended = vi.fn();
    const unregister = onSessionEnded(ended);
    try {
      const { user } = renderWithProviders(<Harness />);

      await user.upload(screen.getByLabelText('Choose Animal Pictures from gallery'), photo());
      (await nextUpload()).respond(413, { message: 'The image is larger than 10 MB.' });
      const retry = await screen.findByRole('button', { name: 'Retry uploading dog.jpg' });
      expect(ended).not.toHaveBeenCalled();

      await user.click(retry);
      (await nextUpload()).respond(401, { message: 'Please sign in.' });

      await vi.waitFor(() => expect(ended).toHaveBeenCalledOnce());
    } finally {
      unregister();
    }
  });

  it('opens a thumbnail full size', async () => {
    const { user } = renderWithProviders(<Harness initial={[STORED]} />);

    await user.click(screen.getByRole('button', { name: 'View Animal Pictures image 1 full size' }));

    const dialog = await screen.findByRole('dialog', { name: 'Animal Pictures 1' });
    expect(within(dialog).getByAltText('Animal Pictures 1, full size').getAttribute('src')).toBe(`/api/image/getImage/2/${STORED}`);
  });

  it('deletes an image from the store after confirmation, then drops it from the value', async () => {
    const fetchMock = stubFetch({ 'POST /api/image/deleteImage': { body: { data: null } } });
    const changed = vi.fn();
    const { user } = renderWithProviders(<Harness initial={[OTHER, STORED]} onChange={changed} />);

    await user.click(screen.getByRole('button', { name: 'Delete Animal Pictures image 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete image?' });
    // One message: the delete is done at once and for good, on the record too (docs/decisions/009).
    expect(within(dialog).getByText('This deletes the image for good, at once: it is removed from the record too. It cannot be undone.')).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/save/i);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await vi.waitFor(() => expect(changed).toHaveBeenCalledWith([OTHER]));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ ngoId: 2, image: STORED });
    expect(screen.queryByAltText('Animal Pictures 2')).toBeNull();
  });

  it("keeps the image and shows the server's message when a delete is refused", async () => {
    stubFetch({ 'POST /api/image/deleteImage': { status: 403, body: { message: 'You do not have permission to do that.' } } });
    const changed = vi.fn();
    const { user } = renderWithProviders(<Harness initial={[STORED]} onChange={changed} />);

    await user.click(screen.getByRole('button', { name: 'Delete Animal Pictures image 1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete image?' })).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('You do not have permission to do that.')).toBeTruthy();
    expect(changed).not.toHaveBeenCalled();
    expect(screen.getByAltText('Animal Pictures 1')).toBeTruthy();
  });

  it('replaces the image in single mode', async () => {
    const changed = vi.fn();
    function Single() {
      const [name, setName] = useState<string | null>(OTHER);
      return (
        <ImageUploader
          multiple={false}
          label="Verification ID (front)"
          fieldName="verificationIdFrontImage"
          ngoId={2}
          value={name}
          onChange={(next) => {
            setName(next);
            changed(next);
          }}
        />
      );
    }
    const { user } = renderWithProviders(<Single />);
    expect(screen.getByLabelText<HTMLInputElement>('Choose Verification ID (front) from gallery').multiple).toBe(false);

    await user.upload(screen.getByLabelText('Take photo for Verification ID (front)'), photo());
    (await nextUpload()).respond(200, { data: STORED });

    await vi.waitFor(() => expect(changed).toHaveBeenCalledWith(STORED));
    expect((await screen.findByAltText('Verification ID (front)')).getAttribute('src')).toBe(`/api/image/getImage/2/${STORED}?w=192`);
  });
});
