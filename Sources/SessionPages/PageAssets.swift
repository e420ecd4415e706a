/// The CSS and the script every session page carries inline.
enum PageAssets {
    /// Light and dark schemes (`prefers-color-scheme`); marks carry symbols and words, colour only
    /// adds to them; print shows every step and no navigation.
    static let style = """
        :root{--bg:#fff;--fg:#1b1b1b;--dim:#6b6b6b;--rule:#d0d0d0;--panel:#f4f4f4;--ins:#e3f6e3;--mov:#e4ecfb;--upd:#fbf3d9;\
        --del:#f6e3e3;--bad:#b00020;--badbg:#ffe1e4;--ok:#1d6b2b;--drag:#7a3fb0;--link:#0b57d0}
        @media (prefers-color-scheme:dark){:root{--bg:#16181b;--fg:#e6e6e6;--dim:#9a9a9a;--rule:#3a3d42;--panel:#202328;\
        --ins:#173a1f;--mov:#1b2a45;--upd:#3a3317;--del:#3f1d1d;--bad:#ff8a9a;--badbg:#4a1620;--ok:#7ed492;--drag:#c9a2f0;--link:#8ab4f8}}
        *{box-sizing:border-box}
        body{margin:0 auto;max-width:80rem;padding:1rem;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,sans-serif;\
        display:grid;grid-template-areas:"about" "timeline" "steps";gap:.5rem}
        a{color:var(--link)}
        #about{grid-area:about}#timeline{grid-area:timeline}#steps{grid-area:steps}
        h1{font-size:1.4rem;margin:.2rem 0}h2{font-size:1.05rem;margin:.2rem 0 .6rem}h3{font-size:.95rem;margin:.6rem 0 .3rem}
        .comments{white-space:pre-wrap;color:var(--dim);margin:.3rem 0}
        dl.start{display:flex;flex-wrap:wrap;gap:.2rem 1rem;margin:.3rem 0}dl.start dt{color:var(--dim)}dl.start dd{margin:0;font-family:ui-monospace,monospace}
        .keys{color:var(--dim);font-size:.85rem}
        #timeline{position:sticky;top:0;background:var(--bg);border-bottom:1px solid var(--rule);padding:.3rem 0;z-index:1}
        #timeline .summary{margin:.1rem 0 .3rem}
        #timeline ol{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem;margin:0;padding:0;max-height:6.5rem;overflow:auto}
        #timeline li a{display:inline-block;min-width:2rem;padding:.05rem .35rem;border:1px solid var(--rule);border-radius:.3rem;\
        text-align:center;text-decoration:none;font:12px ui-monospace,monospace;color:var(--fg)}
        #timeline li.ok a{border-color:var(--ok)}
        #timeline li.bad a{background:var(--badbg);border:2px solid var(--bad);color:var(--bad);font-weight:bold}
        #timeline li a[aria-current]{outline:3px solid var(--link);outline-offset:1px}
        .step{border:1px solid var(--rule);border-radius:.4rem;padding:.6rem .8rem;margin:0 0 1rem;background:var(--bg)}
        .step.bad{border:3px solid var(--bad)}
        .step h2 .n{color:var(--dim);font-weight:normal;font-size:.85rem}
        .step h2 .event{font-size:.85rem}
        code.input{font:600 14px ui-monospace,monospace;background:var(--panel);padding:.1rem .35rem;border-radius:.25rem}
        .prompt{color:var(--dim)}
        .verdict.ok{color:var(--ok)}.verdict.bad{color:var(--bad);font-weight:bold}
        pre{font:13px/1.35 ui-monospace,monospace;background:var(--panel);padding:.4rem .6rem;margin:.3rem 0;overflow-x:auto;white-space:pre}
        pre .error{color:var(--bad);font-weight:bold}pre .dim{color:var(--dim)}pre .good{color:var(--ok)}

        .error code{white-space:pre-wrap;font:13px ui-monospace,monospace}.error{color:var(--bad)}
        ul.problems{margin:.2rem 0;padding-left:1.2rem}ul.problems .kind{font-weight:bold}
        ul.problems li::marker{content:"✗ "}
        table.sheet{border-collapse:collapse;font:13px/1.3 ui-monospace,monospace;margin:.3rem 0}
        table.sheet th,table.sheet td{padding:.1rem .55rem;text-align:left;white-space:pre;border-bottom:1px solid var(--rule)}
        table.sheet thead th{color:var(--dim);font-weight:600}
        table.sheet tr.rule th{background:var(--panel);font-weight:600;padding-top:.25rem}
        table.sheet tr.rule.problem th{color:var(--bad);outline:2px solid var(--bad)}
        table.sheet td:first-child{font-weight:bold;text-align:center;width:1.5rem}
        table.sheet td:last-child{color:var(--dim);font-family:system-ui,sans-serif;white-space:normal}\
        table.sheet tr.elided td,table.sheet tr.deleted td[colspan]{font-weight:normal;text-align:left;font-family:inherit;white-space:pre}
        table.sheet .dim,table.sheet tr.elided td{color:var(--dim)}
        tr.inserted{background:var(--ins)}tr.moved{background:var(--mov)}tr.updated{background:var(--upd)}tr.deleted{background:var(--del)}
        tr.deleted td{text-decoration:line-through;text-decoration-color:var(--dim)}tr.deleted td:first-child,tr.deleted td:last-child{text-decoration:none}
        tr.dragged td{border-top:2px dashed var(--drag);border-bottom:2px dashed var(--drag)}
        tr.dragged td:last-child{color:var(--drag)}
        tr.problem td{background:var(--badbg);border-top:2px solid var(--bad);border-bottom:2px solid var(--bad)}
        tr.problem td:last-child{color:var(--bad);font-weight:bold}
        .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
        .stepper{display:flex;gap:.5rem;align-items:center;margin:.3rem 0}
        .stepper button{font:inherit;padding:.1rem .6rem}
        .step,.step a.event{scroll-margin-top:var(--nav-height,10rem)}
        .js .step{display:none}.js .step.current{display:block}
        @media print{body{display:block;max-width:none}#timeline,.stepper,.keys{display:none}.js .step{display:block}\
        .step{break-inside:avoid-page}pre,table.sheet{white-space:pre-wrap}}
        """

    /// Shows one step at a time: the one the address names (`#event-N`, `#step-N`), else the
    /// first; ← and → step; the timeline marks the current one. Without it every step shows.
    /// A step scrolled to stops below the sticky timeline (`--nav-height`).
    static let script = """
        (function(){
        var steps=Array.prototype.slice.call(document.querySelectorAll('section.step'));
        if(!steps.length)return;
        var links=Array.prototype.slice.call(document.querySelectorAll('#timeline a[href^="#"]')).filter(function(a){return a.closest('li');});
        document.documentElement.classList.add('js');
        var bar=document.createElement('div');bar.className='stepper';
        bar.innerHTML='<button type="button" data-d="-1">← previous</button><span aria-live="polite"></span><button type="button" data-d="1">next →</button>';
        document.getElementById('timeline').appendChild(bar);
        var label=bar.querySelector('span');var current=-1;
        var nav=document.getElementById('timeline');
        function fitNav(){document.documentElement.style.setProperty('--nav-height',(nav.offsetHeight+12)+'px');}
        fitNav();window.addEventListener('resize',fitNav);
        function indexFor(id){if(!id)return -1;var el=document.getElementById(id);if(!el)return -1;var s=el.closest('section.step');return s?steps.indexOf(s):-1;}
        function show(i,update){
        if(i<0||i>=steps.length)return;
        if(current>=0)steps[current].classList.remove('current');
        current=i;var s=steps[i];s.classList.add('current');
        var anchor=s.querySelector('a.event');var id=anchor?anchor.id:s.id;
        links.forEach(function(a){if(a.getAttribute('href')==='#'+id){a.setAttribute('aria-current','step');}else{a.removeAttribute('aria-current');}});
        label.textContent='step '+(i+1)+' of '+steps.length;
        if(update&&location.hash!=='#'+id){history.replaceState(null,'','#'+id);}
        }
        bar.addEventListener('click',function(e){var d=e.target.getAttribute('data-d');if(d)show(current+Number(d),true);});
        document.addEventListener('keydown',function(e){
        if(e.altKey||e.ctrlKey||e.metaKey)return;
        if(e.key==='ArrowRight'){show(current+1,true);e.preventDefault();}
        else if(e.key==='ArrowLeft'){show(current-1,true);e.preventDefault();}
        });
        window.addEventListener('hashchange',function(){var i=indexFor(decodeURIComponent(location.hash.slice(1)));if(i>=0)show(i,false);});
        var start=indexFor(decodeURIComponent(location.hash.slice(1)));
        show(start>=0?start:0,false);
        })();
        """
}
