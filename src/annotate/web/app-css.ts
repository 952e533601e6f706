/** The app's styles (served as /app.css). Label colours match the frame's (frame-html.ts). */
export const APP_CSS = `
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; font: 13px/1.35 system-ui, sans-serif; color: #222; }
#bar { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; padding: 6px 10px; background: #f4f4f0; border-bottom: 1px solid #ccc; }
#bar .group { display: inline-flex; gap: 4px; align-items: center; }
button, .file, #export { font: inherit; padding: 2px 7px; border: 1px solid #aaa; border-radius: 3px; background: #fff; cursor: pointer; color: inherit; text-decoration: none; }
.file input { display: none; }
kbd { font: 11px monospace; color: #666; }
button[data-label=title] { border-color: #dc322f; }
button[data-label=heading] { border-color: #b58900; }
button[data-label=body] { border-color: #268bd2; }
.state { padding: 2px 8px; border-radius: 10px; font-weight: 600; }
.state[data-state=saved] { background: #dff0d8; color: #2d6a2d; }
.state[data-state=new] { background: #eee; color: #555; }
.state[data-state=unsaved] { background: #fcf8e3; color: #8a6d3b; }
.state[data-state=saving] { background: #d9edf7; color: #31708f; }
.state[data-state=conflict], .state[data-state=error] { background: #f2dede; color: #a94442; }
#conflict { padding: 6px 10px; background: #f2dede; border-bottom: 1px solid #d9a; }
main { display: grid; grid-template-columns: 230px 1fr 330px; height: calc(100vh - 42px); }
aside { overflow: auto; border-right: 1px solid #ddd; }
aside h2 { font-size: 13px; margin: 6px 8px; }
#blocks-pane { border-right: 0; border-left: 1px solid #ddd; }
#queue, #blocks, #site-pages { list-style: none; margin: 0; padding: 0; }
#site-pane { border-top: 2px solid #ccc; }
#field-pane { border-top: 2px solid #2a9d8f; }
#field-pages { padding: 2px 8px; color: #555; font-size: 11px; }
#field-values { list-style: none; margin: 0; padding: 0; }
#field-values li { padding: 3px 8px; border-bottom: 1px solid #eee; }
#field-values li.example { font-weight: 600; }
#site-rules { padding: 2px 8px; color: #555; font-size: 11px; }
#site-pages li { padding: 4px 8px; border-bottom: 1px solid #eee; cursor: pointer; }
#site-pages li.current { background: #e8e4f8; }
#site-pages li .meta { color: #777; font-size: 11px; }
#site-pages li[data-source=wrapper] .meta { color: #268bd2; }
#source { color: #268bd2; font-style: italic; }
#learn-site { border-color: #268bd2; font-weight: 600; }
#queue li { padding: 4px 8px; border-bottom: 1px solid #eee; cursor: pointer; }
#queue li.current { background: #e8e4f8; }
#queue li .meta { color: #777; font-size: 11px; }
.flag { display: inline-block; font-size: 10px; padding: 0 4px; margin-right: 2px; border-radius: 3px; background: #fbe3d6; color: #a0461a; }
#view { display: flex; flex-direction: column; min-width: 0; }
#warnings { padding: 3px 8px; background: #fff4e0; border-bottom: 1px solid #e0b060; font-size: 12px; }
#flags { padding: 3px 8px; min-height: 22px; border-bottom: 1px solid #eee; }
#frame { flex: 1; width: 100%; border: 0; background: #fff; }
#blocks li { display: grid; grid-template-columns: 34px 58px 1fr; gap: 4px; padding: 2px 6px; border-bottom: 1px solid #f0f0f0; cursor: pointer; font-size: 12px; }
#blocks li .txt { overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
#blocks li .lab { font-weight: 600; }
#blocks li.sel { background: #f3dbe9; }
#blocks li.low .lab::after { content: " ?"; color: #cb4b16; }
#blocks li[data-label=title] .lab { color: #dc322f; }
#blocks li[data-label=heading] .lab { color: #b58900; }
#blocks li[data-label=body] .lab { color: #268bd2; }
#blocks li[data-label=other] .lab { color: #888; }
#blocks li[data-label=unknown] .lab { color: #bbb; font-style: italic; }
#message { position: fixed; bottom: 10px; left: 50%; transform: translateX(-50%); background: #333; color: #fff; padding: 6px 12px; border-radius: 4px; opacity: 0; transition: opacity .2s; pointer-events: none; max-width: 80vw; }
#message.show { opacity: .92; }
#help { position: fixed; top: 60px; left: 50%; transform: translateX(-50%); background: #fff; border: 1px solid #999; padding: 10px 16px; box-shadow: 0 4px 20px rgba(0,0,0,.25); }
#help td { padding: 2px 8px; }
`;
