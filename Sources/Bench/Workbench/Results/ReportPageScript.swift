/// The styles, markup and script of report.html's replay viewer (docs/report.md).
///
/// The script only draws: every position it shows is a position text the engine wrote
/// into the page (and Coin Sorter's cascade and Balls!' chain are steps the engine
/// computed); it parses the text for the pieces and never applies a rule.
enum ReportPageScript {
    static let css = #"""
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1400px;padding:0 16px 40px;color:#1b1b1b;background:#fff}
h1{font-size:22px;margin:16px 0 6px}h2{font-size:18px;margin:22px 0 8px;border-bottom:1px solid #ddd}h3{font-size:15px}
pre,code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12.5px}pre.command{background:#f4f4f4;padding:8px;overflow-x:auto;white-space:pre-wrap}
nav a{color:#0b5cad;margin-right:4px}.table{overflow-x:auto}table{border-collapse:collapse;margin:6px 0}
th,td{border-bottom:1px solid #e3e3e3;padding:2px 8px;text-align:left;white-space:nowrap}th{background:#f6f6f6}.num{text-align:right}
figure{margin:10px 0;overflow-x:auto}figcaption{color:#666;font-size:12px}figure svg{max-width:100%;height:auto}
#viewer .filters{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:6px 0}
#viewer select,#viewer input{font:inherit}#viewer-note{color:#555}
.vbody{display:grid;grid-template-columns:minmax(260px,1fr) minmax(360px,520px) minmax(260px,1fr);gap:14px;align-items:start}
@media (max-width:1100px){.vbody{grid-template-columns:1fr}}
.list{max-height:640px;overflow:auto;border:1px solid #ddd}.list table{margin:0;width:100%}.list tr{cursor:pointer}
.list tr.sel{background:#dbe9ff}.list tr:hover{background:#f0f5ff}
.moves{max-height:640px;overflow:auto;border:1px solid #ddd}.moves table{margin:0;width:100%}.moves tr{cursor:pointer}
.moves tr.cur{background:#ffe9a8}.moves td.mk-WD,.moves td.mk-DL{color:#b35c00;font-weight:bold}.moves td.mk-WL{color:#c00;font-weight:bold}
.moves tr.opening td{color:#777}
#board{width:100%;height:auto;background:#fff;border:1px solid #ccc}#graph{width:100%;height:auto;cursor:pointer}
.controls{display:flex;gap:6px;align-items:center;margin:6px 0;flex-wrap:wrap}.controls button{font:inherit;min-width:34px}
#ply-input{width:64px}#position{background:#f4f4f4;padding:6px;white-space:pre-wrap;word-break:break-all;margin:4px 0}
#frame{color:#555;min-height:1.2em}#termination{margin:6px 0}#termination pre{background:#fff4f4;border:1px solid #f0c0c0;padding:6px;white-space:pre-wrap}
#game-title{font-weight:600}.muted{color:#777}
"""#

    static let viewerHTML = #"""
<section id="viewer"><h2>Games</h2>
<p id="viewer-note"></p>
<div class="filters">
<label>pairing <select id="f-pairing"><option value="">all</option></select></label>
<label>result <select id="f-result"><option value="">all</option></select></label>
<label>termination <select id="f-term"><option value="">all</option></select></label>
<label id="f-side-label">side <select id="f-side"><option value="">all</option></select></label>
<label>game <input id="f-index" type="number" min="0" placeholder="index"></label>
<span id="f-count" class="muted"></span>
</div>
<div class="vbody">
<div class="list"><table id="game-list"><thead><tr><th>#</th><th>players</th><th>result</th><th class="num">plies</th><th>end</th></tr></thead><tbody></tbody></table><p id="list-more" class="muted"></p></div>
<div class="game">
<div id="game-title">no game selected</div>
<svg id="board" viewBox="0 0 400 400" role="img" aria-label="board"></svg>
<div class="controls"><button id="b-first" title="start (Home)">«</button><button id="b-prev" title="back one ply (←)">◀</button>
<label>ply <input id="ply-input" type="number" min="0" value="0"></label><span id="ply-count" class="muted"></span>
<button id="b-next" title="forward one ply (→)">▶</button><button id="b-last" title="end (End)">»</button>
<button id="b-anim" hidden></button></div>
<div id="frame"></div>
<pre id="position"></pre>
<svg id="graph" viewBox="0 0 500 140"></svg>
<div id="termination"></div>
</div>
<div class="moves"><table id="move-list"><thead><tr><th class="num">ply</th><th>side</th><th>move</th><th class="num">ms</th><th class="num">nodes</th><th class="num">playouts</th><th>perfect play</th></tr></thead><tbody></tbody></table></div>
</div>
</section>
"""#

    static let js = #"""
"use strict";
(function(){
const D=JSON.parse(document.getElementById("report-data").textContent);
const $=id=>document.getElementById(id);
// The SVG namespace is a name, not an address (nothing is fetched); joined here so that
// the page holds no URL text at all, which a test checks.
const SVGNS=["http",":","//www.w3.org/2000/svg"].join("");
const games=D.games, byIndex=new Map();games.forEach(g=>byIndex.set(g.i,g));
let cur=null, ply=0, anim=null;
const two=D.players===2;
const MARK={"=":"kept","WD":"blunder: win→draw","DL":"blunder: draw→loss","WL":"blunder: win→loss"};
function el(tag,attrs,parent,text){const e=document.createElementNS(SVGNS,tag);for(const k in attrs)e.setAttribute(k,attrs[k]);if(text!==undefined)e.textContent=text;if(parent)parent.appendChild(e);return e}
function clear(n){while(n.firstChild)n.removeChild(n.firstChild)}
function allMoves(g){return (g.op||[]).concat(g.mv)}
function opening(g){return (g.op||[]).length}
function plies(g){return g.P?g.P.length-1:allMoves(g).length}
function pairName(g){return two?g.a[0]+" vs "+g.a[1]:g.a[0]}
function pairKey(g){return two?[g.a[0],g.a[1]].sort().join(" vs "):g.a[0]}
function endOf(g){return g.t?g.t:"normal"}
// ---------- notes and filters
(function(){
  let note=D.total+" games recorded. ";
  if(D.shown<D.total) note+="This page holds "+D.shown+" of them, a pair of every pairing (a deal of every agent) at a time; games.jsonl holds them all (replay one with bench replay and its record's moves). ";
  if(D.kept===D.shown) note+="Positions are embedded for every game here (computed by the engine, as bench replay does).";
  else note+="Positions are embedded for "+D.kept+" of these games, taken in the same order (a budget of "+(D.budget/1e6).toFixed(0)+" MB of position text); the others keep their moves, results and measures — replay one with bench replay (its command is shown).";
  if(D.perfect) note+=" "+D.perfect.note;
  $("viewer-note").textContent=note;
  const pairs=new Set(),results=new Set(),terms=new Set(),sides=new Set();
  games.forEach(g=>{pairs.add(pairKey(g));results.add(g.o);terms.add(endOf(g));if(two)g.a.forEach((a,k)=>sides.add(a+" as "+g.s[k]))});
  const fill=(sel,vals)=>[...vals].sort().forEach(v=>{const o=document.createElement("option");o.value=v;o.textContent=v;sel.appendChild(o)});
  fill($("f-pairing"),pairs);fill($("f-result"),results);fill($("f-term"),terms);
  if(two)fill($("f-side"),sides);else $("f-side-label").hidden=true;
  ["f-pairing","f-result","f-term","f-side"].forEach(id=>$(id).addEventListener("change",renderList));
  $("f-index").addEventListener("change",()=>{const k=parseInt($("f-index").value,10);if(byIndex.has(k))open(k,0,true);
    else if(k>=0)$("list-more").textContent="game "+k+" is not in this page"+(D.shown<D.total?" (games.jsonl holds every game)":"")+". "});
})();
function filtered(){
  const p=$("f-pairing").value,r=$("f-result").value,t=$("f-term").value,s=$("f-side").value;
  return games.filter(g=>(!p||pairKey(g)===p)&&(!r||g.o===r)&&(!t||endOf(g)===t)&&(!s||g.a.some((a,k)=>a+" as "+g.s[k]===s)));
}
function renderList(){
  const list=filtered(),body=$("game-list").tBodies[0];clear(body);
  const shown=list.slice(0,400);
  shown.forEach(g=>{const tr=body.insertRow();tr.dataset.i=g.i;if(cur&&cur.i===g.i)tr.className="sel";
    [g.i,pairName(g),g.o+(g.r!==g.o?" ("+g.r+")":""),plies(g)+(g.P?"":"*"),endOf(g)].forEach((v,k)=>{const td=tr.insertCell();td.textContent=v;if(k===3)td.className="num"});
    tr.addEventListener("click",()=>open(g.i,0,true))});
  $("f-count").textContent=list.length+" of "+games.length+" games";
  $("list-more").textContent=(list.length>shown.length?"showing the first "+shown.length+"; narrow the filters or type an index. ":"")+(D.kept<D.shown?"* positions not embedded":"");
}
// ---------- boards
function parseRanks(board,width){const rows=board.split("/");return rows.map(r=>{const out=[];for(const c of r){if(c>="1"&&c<="9"){for(let k=0;k<+c;k++)out.push(".")}else out.push(c)}return out})}
function squareOf(name,size){return{f:name.charCodeAt(0)-97,r:parseInt(name.slice(1),10)-1}}
function lastMoveSquares(m){if(!m)return[];return m.split(/[-x:@]/).filter(s=>/^[a-h][1-8]$/.test(s))}
function drawTG(svg,text,move){
  const [board,side,cap]=text.split(/\s+/),R=parseRanks(board),n=8,S=46,o=22;
  svg.setAttribute("viewBox","0 0 "+(n*S+o+8)+" "+(n*S+o+40));
  const hl=lastMoveSquares(move).map(s=>squareOf(s));
  for(let r=0;r<n;r++)for(let f=0;f<n;f++){const x=o+f*S,y=(n-1-r)*S+4;
    el("rect",{x:x,y:y,width:S,height:S,fill:(f+r)%2?"#f0e6d2":"#d9c7a7"},svg);
    if(hl.some(q=>q.f===f&&q.r===r))el("rect",{x:x,y:y,width:S,height:S,fill:"#f5d76e",opacity:.7},svg);
    const c=R[n-1-r][f];if(c==="G")el("circle",{cx:x+S/2,cy:y+S/2,r:S*.33,fill:"#fafafa",stroke:"#333","stroke-width":2},svg);
    if(c==="T"){el("circle",{cx:x+S/2,cy:y+S/2,r:S*.38,fill:"#e08a00",stroke:"#5a3300","stroke-width":2},svg);el("text",{x:x+S/2,y:y+S/2+5,"text-anchor":"middle","font-size":14,"font-weight":"bold",fill:"#222"},svg,"T")}}
  for(let k=0;k<n;k++){el("text",{x:o+k*S+S/2,y:n*S+20,"text-anchor":"middle","font-size":12},svg,"abcdefgh"[k]);el("text",{x:8,y:(n-1-k)*S+4+S/2+4,"text-anchor":"middle","font-size":12},svg,String(k+1))}
  el("text",{x:o,y:n*S+36,"font-size":13},svg,(side==="g"?"goats":"tigers")+" to move · goats captured "+cap);
}
function drawBC(svg,text,move){
  const [board,side,hand,cap]=text.split(/\s+/),R=parseRanks(board),n=5,S=80,o=40;
  svg.setAttribute("viewBox","0 0 "+(4*S+2*o)+" "+(4*S+2*o+30));
  const X=f=>o+f*S,Y=r=>o+(4-r)*S;
  for(let r=0;r<n;r++)for(let f=0;f<n;f++){
    if(f<4)el("line",{x1:X(f),y1:Y(r),x2:X(f+1),y2:Y(r),stroke:"#555","stroke-width":2},svg);
    if(r<4)el("line",{x1:X(f),y1:Y(r),x2:X(f),y2:Y(r+1),stroke:"#555","stroke-width":2},svg);
    if((f+r)%2===0){if(f<4&&r<4)el("line",{x1:X(f),y1:Y(r),x2:X(f+1),y2:Y(r+1),stroke:"#555","stroke-width":2},svg);
      if(f>0&&r<4)el("line",{x1:X(f),y1:Y(r),x2:X(f-1),y2:Y(r+1),stroke:"#555","stroke-width":2},svg)}}
  const hl=lastMoveSquares(move).map(s=>squareOf(s));
  for(let r=0;r<n;r++)for(let f=0;f<n;f++){const c=R[4-r][f],x=X(f),y=Y(r);
    if(hl.some(q=>q.f===f&&q.r===r))el("circle",{cx:x,cy:y,r:30,fill:"#f5d76e",opacity:.8},svg);
    if(c==="G")el("circle",{cx:x,cy:y,r:20,fill:"#fafafa",stroke:"#333","stroke-width":2.5},svg);
    else if(c==="T"){el("circle",{cx:x,cy:y,r:24,fill:"#e08a00",stroke:"#5a3300","stroke-width":2.5},svg);el("text",{x:x,y:y+6,"text-anchor":"middle","font-size":17,"font-weight":"bold"},svg,"T")}
    else el("circle",{cx:x,cy:y,r:4,fill:"#555"},svg)}
  for(let k=0;k<n;k++){el("text",{x:X(k),y:4*S+2*o-8,"text-anchor":"middle","font-size":13},svg,"abcde"[k]);el("text",{x:12,y:Y(k)+5,"text-anchor":"middle","font-size":13},svg,String(k+1))}
  el("text",{x:o-20,y:4*S+2*o+20,"font-size":14},svg,(side==="g"?"goats":"tigers")+" to move · goats in hand "+hand+" · captured "+cap);
}
function coinShape(svg,c,x,y,s,mark){
  if(mark)el("rect",{x:x-s/2-3,y:y-s/2-3,width:s+6,height:s+6,fill:mark,rx:6},svg);
  if(c==="T")el("polygon",{points:[x,y-s*.42,x+s*.42,y+s*.36,x-s*.42,y+s*.36].join(" "),fill:"#d1495b",stroke:"#5b1020","stroke-width":2},svg);
  else if(c==="S")el("rect",{x:x-s*.36,y:y-s*.36,width:s*.72,height:s*.72,fill:"#3b75af",stroke:"#0d2a4a","stroke-width":2},svg);
  else el("circle",{cx:x,cy:y,r:s*.38,fill:"#edae49",stroke:"#6b4a0a","stroke-width":2},svg);
}
function drawCS(svg,text,marks,caption){
  const [board,turns,score]=text.split(/\s+/),rows=board.split("/"),S=70,o=30;
  svg.setAttribute("viewBox","0 0 "+(5*S+o+10)+" "+(5*S+o+34));
  for(let r=0;r<5;r++)for(let c=0;c<5;c++){const x=o+c*S+S/2,y=o+r*S+S/2;
    el("rect",{x:o+c*S,y:o+r*S,width:S,height:S,fill:"#fbfbf8",stroke:"#ccc"},svg);
    coinShape(svg,rows[r][c],x,y,S*.8,marks&&marks[r*5+c])}
  for(let k=0;k<5;k++){el("text",{x:o+k*S+S/2,y:20,"text-anchor":"middle","font-size":13},svg,"abcde"[k]);el("text",{x:14,y:o+k*S+S/2+5,"text-anchor":"middle","font-size":13},svg,String(k+1))}
  el("text",{x:o,y:5*S+o+24,"font-size":14},svg,caption||("turns left "+turns+" · score "+score));
}
function cellsOf(m){return m.split(":").map(s=>(parseInt(s.slice(1),10)-1)*5+(s.charCodeAt(0)-97))}
const BW=320,BH=480,PAL=["#d1495b","#3b75af","#edae49","#00798c","#6a4c93","#8d6a9f"];
function drawBalls(svg,balls,explosions,caption,tap){
  svg.setAttribute("viewBox","0 0 "+(BW+20)+" "+(BH+40));
  // A nested svg clips what it holds to the field.
  const field=el("svg",{x:10,y:10,width:BW,height:BH,viewBox:"0 0 "+BW+" "+BH},svg);
  el("rect",{x:0,y:0,width:BW,height:BH,fill:"#10131a"},field);
  explosions.forEach(e=>el("circle",{cx:e[0],cy:e[1],r:e[2],fill:"rgba(255,190,60,0.35)",stroke:"#ffbe3c","stroke-width":1.5},field));
  balls.forEach((b,k)=>el("circle",{cx:b[0],cy:b[1],r:4,fill:PAL[k%PAL.length],stroke:"#fff","stroke-width":.8},field));
  if(tap){el("line",{x1:10+tap[0]-8,y1:10+tap[1],x2:10+tap[0]+8,y2:10+tap[1],stroke:"#fff","stroke-width":1.5},svg);el("line",{x1:10+tap[0],y1:10+tap[1]-8,x2:10+tap[0],y2:10+tap[1]+8,stroke:"#fff","stroke-width":1.5},svg)}
  el("text",{x:10,y:BH+32,"font-size":14},svg,caption);
}
function ballsOfText(text){const w=text.trim().split(/\s+/);return w.slice(2).filter(s=>s!=="over").map(s=>s.split(",").map(Number))}
function ballsFrame(g,tick){
  const S=g.S,balls=[],ex=[];
  S.tracks.forEach(tr=>{const caught=tr[0],pts=tr.slice(1);if(caught>=0&&tick>=caught)return;
    for(let k=0;k+3<pts.length;k+=3){const t0=pts[k],t1=pts[k+3];if(tick>=t0&&tick<=t1){const a=t1===t0?0:(tick-t0)/(t1-t0);balls.push([pts[k+1]+a*(pts[k+4]-pts[k+1]),pts[k+2]+a*(pts[k+5]-pts[k+2])]);return}}
    if(pts.length===3&&tick===pts[0])balls.push([pts[1],pts[2]])});
  let boom=0;S.explosions.forEach(e=>{if(tick>=e[3]){const r=S.radius[tick-e[4]]||0;if(r>0)ex.push([e[1],e[2],r]);if(e[0]>=0)boom++}});
  return{balls:balls,ex:ex,boom:boom};
}
// ---------- drawing a ply
function draw(){
  const svg=$("board");clear(svg);stopAnim();
  const g=cur;if(!g)return;
  const moves=allMoves(g),move=ply>0?moves[ply-1]:null;
  if(!g.P){el("text",{x:20,y:40,"font-size":14},svg,"positions not embedded for this game");
    const cmd="bench replay --game "+D.game+(two?"":" --seed "+g.seed)+" --moves \""+moves.slice(0,ply).join(two?",":" ")+"\"";
    $("position").textContent="(not embedded: "+cmd+")";}
  else{const text=g.P[ply];$("position").textContent=text;
    if(D.game==="tigers-goats")drawTG(svg,text,move);
    else if(D.game==="bagh-chal")drawBC(svg,text,move);
    else if(D.game==="coin-sorter"){let marks=null;if(move){marks={};cellsOf(move).forEach(c=>marks[c]="#f5d76e")}drawCS(svg,text,marks)}
    else if(D.game==="balls"){const over=/over$/.test(text);const w=text.split(/\s+/);
      drawBalls(svg,ballsOfText(text).map(b=>[b[0],b[1]]),[],over?"level "+w[0]+" over after tick "+w[1]+" · "+(g.S?g.S.explosions.length-1:"?")+" balls exploded":"level "+w[0]+" · tick "+w[1]+" · before the tap",over&&g.S?g.S.tap.slice(1):null)}
    else el("text",{x:20,y:40},svg,text);}
  $("frame").textContent="";
  const b=$("b-anim");b.hidden=true;
  if(g.S&&D.game==="coin-sorter"&&ply>0){b.hidden=false;b.textContent="▶ swap and cascade"}
  if(g.S&&D.game==="balls"&&ply===1){b.hidden=false;b.textContent="▶ the tap and its chain"}
  $("ply-input").value=ply;$("ply-count").textContent="of "+plies(g);
  const rows=$("move-list").tBodies[0].rows;for(let k=0;k<rows.length;k++)rows[k].className=(k+1===ply?"cur ":"")+(k<opening(g)?"opening":"");
  const curRow=rows[ply-1];if(curRow&&curRow.scrollIntoView){const box=curRow.parentNode.parentNode.parentNode;const top=curRow.offsetTop;if(top<box.scrollTop||top>box.scrollTop+box.clientHeight-30)box.scrollTop=top-60}
  drawGraph();setHash();
}
function stopAnim(){if(anim){clearInterval(anim);anim=null}}
function animate(){
  const g=cur;stopAnim();const svg=$("board");
  if(D.game==="coin-sorter"){
    const before=g.P[ply-1],steps=g.S[ply-1],cells=cellsOf(allMoves(g)[ply-1]),frames=[];
    const mk=(cs,col)=>{const m={};cs.forEach(c=>m[c]=col);return m};
    frames.push([before,mk(cells,"#f5d76e"),"the swap "+allMoves(g)[ply-1]]);
    frames.push([steps[0],mk(cells,"#f5d76e"),"the coins traded"]);
    let board=steps[0];
    for(let w=1;w<steps.length;w++){const [rows,cols,next]=steps[w],line=[];
      for(let r=0;r<5;r++)if(rows>>r&1)for(let c=0;c<5;c++)line.push(r*5+c);
      for(let c=0;c<5;c++)if(cols>>c&1)for(let r=0;r<5;r++)line.push(r*5+c);
      frames.push([board,mk(line,"#9be37d"),"wave "+w+": "+(line.length/5)+" line"+(line.length>5?"s":"")+" matched"]);
      frames.push([next,mk(line,"#bcd7f5"),"wave "+w+": new coins drawn"]);board=next}
    frames.push([g.P[ply],null,steps.length>1?"settled":"no line matched"]);
    let k=0;const show=()=>{const f=frames[k];clear(svg);drawCS(svg,f[0],f[1],f[2]);$("frame").textContent=f[2]+" ("+(k+1)+"/"+frames.length+"): "+f[0];if(++k>=frames.length)stopAnim()};
    show();anim=setInterval(show,700);
  }else if(D.game==="balls"){
    const S=g.S,t0=S.tap[0];let tick=t0;
    const show=()=>{const f=ballsFrame(g,tick);clear(svg);drawBalls(svg,f.balls,f.ex,"tick "+tick+" · "+f.boom+" exploded"+(D.target?" · target "+D.target:""),S.tap.slice(1));
      $("frame").textContent="tick "+tick+" of "+t0+"…"+S.end;
      if(tick>=S.end){stopAnim();return}tick=Math.min(S.end,tick+2)};
    show();anim=setInterval(show,30);
  }
}
// ---------- graph
function series(g){
  if(!g.P)return null;
  if(g.V){return{label:"exact value for the goats (1 win, 0 draw, −1 loss)",lo:-1,hi:1,ys:g.V.map((v,k)=>{if(!v)return null;const s=g.P[k].split(/\s+/)[1];const x=v[0]==="W"?1:v[0]==="L"?-1:0;return s==="g"?x:-x})}}
  if(D.game==="balls"&&g.S){return null}
  const ys=g.P.map(t=>{const w=t.trim().split(/\s+/);return +w[w.length-1]});
  const hi=Math.max(1,...ys);return{label:two?"goats captured":"score",lo:0,hi:hi,ys:ys};
}
function drawGraph(){
  const svg=$("graph");clear(svg);const g=cur;if(!g)return;
  const W=500,H=140,L=34,Rr=8,T=16,B=22;
  if(D.game==="balls"&&g.S){
    const S=g.S,t0=S.tap[0],t1=Math.max(S.end,t0+1),n=S.explosions.length-1,hi=Math.max(n,D.target||1,1);
    const x=t=>L+(t-t0)/(t1-t0)*(W-L-Rr),y=v=>T+(1-v/hi)*(H-T-B);
    el("text",{x:L,y:11,"font-size":11},svg,"balls exploded by tick (tap at tick "+t0+", the level ends at "+S.end+")");
    el("line",{x1:L,y1:y(0),x2:W-Rr,y2:y(0),stroke:"#999"},svg);
    if(D.target)el("line",{x1:L,y1:y(D.target),x2:W-Rr,y2:y(D.target),stroke:"#c00","stroke-dasharray":"4 3"},svg);
    let pts=[[x(t0),y(0)]],c=0;S.explosions.slice(1).forEach(e=>{pts.push([x(e[3]),y(c)]);c++;pts.push([x(e[3]),y(c)])});pts.push([x(t1),y(c)]);
    el("polyline",{points:pts.map(p=>p.join(",")).join(" "),fill:"none",stroke:"#0b5cad","stroke-width":2},svg);
    el("text",{x:L-4,y:y(hi)+4,"text-anchor":"end","font-size":10},svg,String(hi));el("text",{x:L-4,y:y(0)+4,"text-anchor":"end","font-size":10},svg,"0");
    return}
  const s=series(g);if(!s)return;
  const n=Math.max(1,s.ys.length-1),x=k=>L+k/n*(W-L-Rr),y=v=>T+(1-(v-s.lo)/(s.hi-s.lo||1))*(H-T-B);
  el("text",{x:L,y:11,"font-size":11},svg,s.label+" by ply");
  el("line",{x1:L,y1:y(s.lo),x2:W-Rr,y2:y(s.lo),stroke:"#999"},svg);if(s.lo<0)el("line",{x1:L,y1:y(0),x2:W-Rr,y2:y(0),stroke:"#ccc","stroke-dasharray":"3 3"},svg);
  el("text",{x:L-4,y:y(s.hi)+4,"text-anchor":"end","font-size":10},svg,String(s.hi));el("text",{x:L-4,y:y(s.lo)+4,"text-anchor":"end","font-size":10},svg,String(s.lo));
  let d="";s.ys.forEach((v,k)=>{if(v===null)return;d+=(d?" L":"M")+x(k).toFixed(1)+" "+y(v).toFixed(1)});
  el("path",{d:d,fill:"none",stroke:"#0b5cad","stroke-width":2},svg);
  if(g.M)g.M.forEach((m,k)=>{if(m&&m!=="=")el("circle",{cx:x(k+1),cy:y(s.ys[k+1]===null?0:s.ys[k+1]),r:3.5,fill:m==="WL"?"#c00":"#e07b00"},svg)});
  el("line",{x1:x(ply),y1:T-4,x2:x(ply),y2:H-B+4,stroke:"#c00","stroke-width":1.2},svg);
  el("text",{x:W-Rr,y:H-6,"text-anchor":"end","font-size":10},svg,"ply "+n);
}
$("graph").addEventListener("click",ev=>{if(!cur)return;const r=$("graph").getBoundingClientRect();const W=500,L=34,Rr=8;const vx=(ev.clientX-r.left)/r.width*W;const k=Math.round((vx-L)/(W-L-Rr)*plies(cur));go(Math.max(0,Math.min(plies(cur),k)))});
// ---------- a game
function fmt(v){return v===undefined?"":String(v)}
function open(k,p,scroll){
  const g=byIndex.get(k);if(!g)return;cur=g;
  const total=plies(g);ply=Math.max(0,Math.min(total,p|0));
  $("game-title").textContent="game "+g.i+": "+(two?g.a.map((a,j)=>a+" ("+g.s[j]+")").join(" vs "):g.a[0]+" on deal seed "+g.seed)+" — "+g.o+" ("+g.r+")";
  const body=$("move-list").tBodies[0];clear(body);const moves=allMoves(g),op=opening(g);
  moves.forEach((m,j)=>{const tr=body.insertRow();const a=j-op;const mover=two?g.s[j%2]:"player";
    const mk=g.M?g.M[j]:"";
    [j+1,mover,m,a>=0&&g.tm?(g.tm[a]*1000).toPrecision(3):"",a>=0&&g.nd?fmt(g.nd[a]):"",a>=0&&g.po?fmt(g.po[a]):"",mk?MARK[mk]+(g.V&&g.V[j]?" ("+g.V[j]+"→"+(g.V[j+1]||"?")+")":""):(j<op?"opening":"")].forEach((v,c)=>{const td=tr.insertCell();td.textContent=v;if(c===0||(c>=3&&c<=5))td.className="num";if(c===6&&mk)td.className="mk-"+mk});
    tr.addEventListener("click",()=>go(j+1))});
  const term=$("termination");clear(term);
  const para=document.createElement("p");para.textContent="End: "+(g.t?"forfeit ("+g.t+"): "+g.why:(g.end?g.end+" by the rules":g.o));term.appendChild(para);
  if(g.err&&g.err.length){const pre=document.createElement("pre");pre.textContent="the agent's stderr (last lines):\n"+g.err.join("\n");term.appendChild(pre)}
  draw();renderList();
  if(scroll){const row=[...$("game-list").tBodies[0].rows].find(r=>+r.dataset.i===g.i);if(row)row.scrollIntoView({block:"nearest"})}
}
function go(p){if(!cur)return;ply=Math.max(0,Math.min(plies(cur),p));draw()}
function setHash(){if(!cur)return;const h="#game="+cur.i+"&ply="+ply;if(location.hash!==h){try{history.replaceState(null,"",h)}catch(e){}}}
function fromHash(){const m=/game=(\d+)/.exec(location.hash),q=/ply=(\d+)/.exec(location.hash);if(m&&byIndex.has(+m[1])){open(+m[1],q?+q[1]:0,true);document.getElementById("viewer").scrollIntoView();return true}return false}
$("b-first").addEventListener("click",()=>go(0));$("b-prev").addEventListener("click",()=>go(ply-1));
$("b-next").addEventListener("click",()=>go(ply+1));$("b-last").addEventListener("click",()=>go(1e9));
$("b-anim").addEventListener("click",animate);
$("ply-input").addEventListener("change",()=>go(parseInt($("ply-input").value,10)||0));
document.addEventListener("keydown",ev=>{const t=ev.target&&ev.target.tagName;if(t==="INPUT"||t==="SELECT"||t==="TEXTAREA"||!cur)return;
  if(ev.key==="ArrowRight"){go(ply+1);ev.preventDefault()}else if(ev.key==="ArrowLeft"){go(ply-1);ev.preventDefault()}
  else if(ev.key==="Home"){go(0);ev.preventDefault()}else if(ev.key==="End"){go(1e9);ev.preventDefault()}});
window.addEventListener("hashchange",()=>{const m=/game=(\d+)/.exec(location.hash),q=/ply=(\d+)/.exec(location.hash);if(m&&(!cur||+m[1]!==cur.i||(q&&+q[1]!==ply)))fromHash()});
renderList();
if(!fromHash()&&games.length)open(games[0].i,0,false);
})();
"""#
}
