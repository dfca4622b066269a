# The two Quick start commands: `make site` and `make test`.
.PHONY: site test build sample-content

# Builds commonsight and checks the sample content (the site build lands with the rendering issue).
site: build
	.build/release/commonsight check --content content

build:
	scripts/setup.sh build
	swift build -c release --product commonsight

# Runs every test: the Swift tests, then the golden-liquid suite through the command line.
test:
	scripts/setup.sh test
	swift build --product commonsight
	swift test
	scripts/liquid-conformance.sh

# Regenerates content/ from ../shared/data (needs the shared data folder beside the repository).
sample-content:
	python3 scripts/make_sample_content.py
