/** The public page's styles (inline: no CSS request, no framework). Fits 360 px wide screens. */
export const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f1f4;color:#1d1b20;overflow-wrap:anywhere}
  #page{max-width:720px;margin:0 auto;padding:12px}
  img{max-width:100%;height:auto}
  h1{font-size:24px;margin:0}
  h2{font-size:19px;margin:24px 0 8px}
  h3{font-size:17px;margin:0 0 8px}
  .top{text-align:right}
  .lang{font-size:14px;color:#a50064}
  .head{background:#fff;border-radius:16px;overflow:hidden;box-shadow:0 1px 3px rgba(0,0,0,.12);padding-bottom:16px}
  .cover{display:block;width:100%;height:160px;object-fit:cover;background:linear-gradient(135deg,#a50064,#e0529c)}
  .identity{display:flex;gap:12px;align-items:flex-end;padding:0 16px;margin-top:-36px}
  .avatar{width:88px;height:88px;border-radius:50%;border:4px solid #fff;object-fit:cover;background:#fff;flex:none}
  .head>p,.head>ul,.head>button{margin-left:16px;margin-right:16px}
  .stats{font-size:14px;color:#5f5b66}
  .about{white-space:pre-line}
  .muted{color:#5f5b66;font-size:14px}
  .card{background:#fff;border-radius:16px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.12);margin:12px 0}
  .plain{list-style:none;padding:0;margin:0}
  .plain li{margin:8px 0}
  .badge{display:inline-block;background:#fbe3f0;color:#7d004b;border-radius:999px;padding:0 8px;font-size:13px;margin:0 0 0 8px}
  p.badge{margin:0 0 8px}
  ul.badges{display:flex;flex-wrap:wrap;gap:6px;margin:0 0 8px}
  ul.badges li.badge{margin:0}
  .hours{border-collapse:collapse;width:100%;background:#fff;border-radius:12px}
  .hours th,.hours td{text-align:left;padding:8px 12px;border-bottom:1px solid #eee;font-weight:400}
  .hours tr.today th,.hours tr.today td{font-weight:700;background:#fbe3f0}
  .stories{display:flex;gap:12px;overflow-x:auto;list-style:none;padding:0 0 8px;margin:0}
  .story{flex:0 0 200px;background:#fff;border-radius:12px;padding:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  .post .body img{border-radius:8px}
  .actions{display:flex;gap:12px;align-items:center;flex-wrap:wrap}
  .comments{list-style:none;padding:0}
  .comments li{margin:6px 0}
  .reply{background:#f1eef2;border-radius:8px;padding:8px 12px;margin-top:8px}
  .stars{color:#b35c00;letter-spacing:1px}
  label{display:block;font-size:14px;margin:12px 0 4px}
  label.star{display:inline-block;margin:4px 12px 4px 0;font-size:16px}
  fieldset{border:0;padding:0;margin:0}
  legend{font-size:14px;padding:0}
  input:not([type=radio]),textarea{width:100%;font:inherit;padding:10px;border:1px solid #b9b4bd;border-radius:8px}
  button{font:inherit;font-weight:600;padding:10px 16px;border:0;border-radius:8px;background:#a50064;color:#fff;cursor:pointer;margin-top:12px}
  button.secondary{background:#fff;color:#a50064;border:1px solid #a50064}
  button[aria-pressed=true]{background:#a50064;color:#fff}
  button.link{background:none;color:#a50064;padding:4px 0;margin:0;text-decoration:underline}
  button:disabled{opacity:.6;cursor:progress}
  button[hidden]{display:none}
  a{color:#a50064}
  :focus-visible{outline:3px solid #2f6fed;outline-offset:2px}
  .error{color:#b3261e;font-size:14px}
  .chat .actions{margin:8px 0}
  .chat .actions button{margin-top:0}
  .chat-log{display:flex;flex-direction:column;gap:8px;max-height:60vh;overflow-y:auto;padding:4px;margin:8px 0;border-radius:8px}
  .msg{max-width:85%;padding:8px 12px;border-radius:12px;background:#f1eef2}
  .msg.mine{align-self:flex-end;background:#a50064;color:#fff}
  .msg.mine a{color:#fff}
  .msg.theirs{align-self:flex-start}
  .msg .who{display:block;font-size:12px;font-weight:600}
  .msg .text{margin:0;white-space:pre-wrap}
  .msg img{display:block;max-height:240px;border-radius:8px;margin:4px 0}
  .msg .meta,.msg .receipt{display:block;font-size:12px;opacity:.85}
  .msg .receipt{text-align:right}
  .paycard{background:#fff;color:#1d1b20;border-radius:8px;padding:8px 12px;margin:4px 0}
  .paycard p{margin:4px 0}
  a.button{display:inline-block;font-weight:600;padding:8px 16px;border-radius:8px;background:#a50064;color:#fff;text-decoration:none}
  .chat-typing{min-height:1.5em;margin:0}
  .chat-hint{margin:4px 0}
  .chat-form textarea{resize:vertical}
`;
