# The main loop of a kernel's SASS (cuobjdump -sass: the longest backward branch) and its
# instructions by kind.  Run in a folder of NAME.sass files: python3 sass_loop.py NAME...
import re, sys
def load(v):
    ins=[]
    for l in open(f'{v}.sass').read().split('\n'):
        m=re.match(r'\s*/\*([0-9a-f]{4,})\*/\s+(.*?);',l)
        if m: ins.append((int(m.group(1),16),m.group(2).strip()))
    loops=[]
    for a,t in ins:
        mm=re.search(r'BRA.*?0x([0-9a-f]+)',t)
        if 'BRA' in t and mm:
            tgt=int(mm.group(1),16)
            if tgt<a: loops.append((tgt,a))
    tgt,end=max(loops,key=lambda x:x[1]-x[0])
    return [t for a,t in ins if tgt<=a<=end]
P={'DFMA':r'DFMA','reuse':r'DFMA.*reuse','LDS':r'\bLDS','LDG':r'LDG','STS':r'STS','BAR':r'\bBAR','DEPBAR':r'DEPBAR','int':r'IMAD|IADD|LEA|ISETP|SEL|MNMX|SHF|LOP','MOV':r'\bMOV'}
if __name__=='__main__':
    for v in sys.argv[1:]:
        body=load(v)
        c={k:sum(1 for t in body if re.search(p,t)) for k,p in P.items()}
        print(v.ljust(6),'loop',len(body),' '.join(f'{k} {n}' for k,n in c.items()))
