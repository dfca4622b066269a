#!/usr/bin/env bash
# Runs one publication on a Kubernetes cluster: the shards as an Indexed Job, then the publish Job.
#   deploy/kubernetes/run.sh [SHARDS] [YYYY-MM-DD]
# SHARDS defaults to 4; the date to today in SITE_TIMEZONE (default America/Detroit), fixed here once
# so that every shard builds the same week. Needs kubectl with the right context and namespace, and
# the volume and ConfigMap of storage.yaml applied once (kubectl apply -f storage.yaml).
# Run it weekly from cron, or from a CronJob whose service account may create Jobs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shards=${1:-4}
day=${2:-$(TZ="${SITE_TIMEZONE:-America/Detroit}" date +%F)}
case "$shards" in ''|*[!0-9]*) echo "run.sh: SHARDS must be a number, not '$shards'" >&2; exit 2 ;; esac

kubectl patch configmap commonsight-build --type merge -p "{\"data\":{\"shards\":\"$shards\",\"date\":\"$day\"}}"
# A Job's pod template cannot change: the last run's Jobs go first.
kubectl delete job commonsight-build commonsight-publish --ignore-not-found --wait=true
sed -e "s/^  completions: .*/  completions: $shards/" -e "s/^  parallelism: .*/  parallelism: $shards/" "$here/build-job.yaml" \
  | kubectl apply -f -
echo "run.sh: building $shards shards as of $day"
# Wait for every shard, or for the Job to fail (a shard out of retries): then nothing is published.
deadline=$((SECONDS + 7200))
until kubectl wait --for=condition=complete --timeout=0 job/commonsight-build >/dev/null 2>&1; do
  if kubectl wait --for=condition=failed --timeout=0 job/commonsight-build >/dev/null 2>&1 || [ "$SECONDS" -gt "$deadline" ]; then
    echo "run.sh: the shards did not all complete; the published site is unchanged" >&2
    exit 1
  fi
  sleep 10
done
kubectl apply -f "$here/publish-job.yaml"
kubectl wait --for=condition=complete --timeout=30m job/commonsight-publish
kubectl logs job/commonsight-publish
