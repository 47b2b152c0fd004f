// @emotion/server's stream renderer needs Node's streams; the page renderer only extracts critical CSS.
export default function unavailable(): never {
  throw new Error('Node streams are not available in the page renderer');
}
