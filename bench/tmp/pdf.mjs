const base='http://127.0.0.1:3999';
let cookie='';
const jar=(r)=>{for (const c of r.headers.getSetCookie()) {const [kv]=c.split(';'); const [k]=kv.split('='); cookie=cookie.split('; ').filter(x=>x&&!x.startsWith(k+'=')).concat(kv).join('; ');}};
let r=await fetch(base+'/api/csrf-cookie'); jar(r);
const xsrf=()=>decodeURIComponent(cookie.match(/XSRF-TOKEN=([^;]+)/)[1]);
r=await fetch(base+'/api/auth/login',{method:'POST',headers:{'content-type':'application/json',cookie,'x-xsrf-token':xsrf()},body:JSON.stringify({email:'owner@demo.fyn.local',password:'FynDemo!2026'})}); jar(r);
const docs=(await (await fetch(base+'/api/documents?limit=50',{headers:{cookie}})).json()).data;
const fs=await import('node:fs');
for (const type of process.argv.slice(2)) { const d=docs.find(x=>x.type===type); const b=Buffer.from(await (await fetch(base+`/api/documents/${d.id}/pdf`,{headers:{cookie}})).arrayBuffer()); fs.writeFileSync(`/tmp/doc-${type}.pdf`,b); console.log(type,b.length); }
