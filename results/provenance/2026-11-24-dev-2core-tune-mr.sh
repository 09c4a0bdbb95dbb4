# 2-core AVX2 EPYC, session 9: a 5-minute tune of matmul_cpu at 2048^3 with MR 3/6/12/24 in its
# space (cl/ of d9fe9cb; the binary was built at 1acfc32, before that commit, which changed only
# the manifest: its run files say 1acfc32e7987), from the database of the dc6953d tune.
cd /work/main
D=results/epyc-2c-avx2-pocl-3.1/2026-11-24-d9fe9cb-tune-mr
t0=$(date +%s); echo "tune-2048 start $(date -u +%FT%TZ) load=$(cut -d' ' -f1 /proc/loadavg): build/clbench tune -d cpu -k matmul_cpu -n 2048 --budget 300s --tuned $D/tuned-2core.json -o $D/tune-matmul_cpu-2048.json" >> $D/times.txt
build/clbench tune -d cpu -k matmul_cpu -n 2048 --budget 300s --tuned $D/tuned-2core.json -o $D/tune-matmul_cpu-2048.json > $D/tune-2048.txt 2>&1
echo "tune-2048 rc=$? wall_s=$(($(date +%s)-t0))" >> $D/times.txt
sleep 60
for i in 1 2; do
  echo "tuned-$i $(date -u +%FT%TZ) load=$(cut -d' ' -f1 /proc/loadavg): build/clbench -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 --tuned $D/tuned-2core.json -o $D/tuned-$i.json" >> $D/times.txt
  build/clbench -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 --tuned $D/tuned-2core.json -o $D/tuned-$i.json > $D/tuned-$i.txt 2>&1
  sleep 20
done
echo done >> $D/times.txt
# Runs 3-5, started by hand at 02:14Z (runs 1 and 2 came 60 s after the tune and were slow, as
# after every long tune on this machine):
for i in 3 4 5; do
  build/clbench -d cpu -k matmul_cpu,sgemm_openblas -n 1024,2048 --tuned $D/tuned-2core.json -o $D/tuned-$i.json > $D/tuned-$i.txt 2>&1; sleep 15
done
